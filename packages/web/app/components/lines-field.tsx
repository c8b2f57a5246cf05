import { useEffect, useId, useRef } from 'react';
import { FieldMessages } from './field-messages.tsx';

type LinesFieldProps = {
  readonly label: string;
  readonly hint: string;
  readonly value: string;
  readonly rows: number;
  /** The message to show under the field; the field is focused when it appears. */
  readonly error: string | null;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/** A labelled field of several lines (words to find, one per line) with a hint and an inline error. */
export function LinesField({
  label,
  hint,
  value,
  rows,
  error,
  disabled = false,
  testId,
  onChange,
}: LinesFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error]);

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        rows={rows}
        autoComplete="off"
        spellCheck={false}
        dir="auto"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`mt-2 block w-full rounded-xl border bg-white px-3 py-2 text-slate-900 rtl:text-right focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} testId={testId} />
    </div>
  );
}
