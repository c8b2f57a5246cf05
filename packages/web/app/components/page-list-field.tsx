import { useEffect, useId, useRef } from 'react';
import { FieldMessages } from './field-messages.tsx';

type PageListFieldProps = {
  readonly label: string;
  readonly hint: string;
  readonly placeholder: string;
  readonly value: string;
  /** The message to show under the field; the field is focused when it appears. */
  readonly error: string | null;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/** A labelled text field for a page list such as `1-5, 10-15`, with a hint and an inline error. */
export function PageListField(props: PageListFieldProps) {
  const { label, hint, placeholder, value, error, disabled = false, testId, onChange } = props;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error]);

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {/* Page lists read left to right in every language (dir="ltr"), yet the field lines up with the label. */}
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 rtl:text-right placeholder:text-slate-400 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} testId={testId} />
    </div>
  );
}
