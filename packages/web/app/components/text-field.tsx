import { useEffect, useId, useRef } from 'react';
import { AlertIcon } from './icons.tsx';

type TextFieldProps = {
  readonly label: string;
  readonly hint: string;
  readonly value: string;
  /** The most characters the field takes (code points, as the server counts them). */
  readonly maxChars: number;
  /** The message to show under the field; the field is focused when it appears. */
  readonly error: string | null;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/** A labelled one-line text field (a document's title, say), with a hint and an inline error. */
export function TextField(props: TextFieldProps) {
  const { label, hint, value, maxChars, error, disabled = false, testId, onChange } = props;
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
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        dir="auto"
        maxLength={maxChars}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          data-testid={`${testId}-error`}
          className="mt-2 flex items-start gap-2 text-sm font-medium text-red-700"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
      <p id={hintId} className="mt-1 text-xs text-slate-600" data-testid={`${testId}-hint`}>
        {hint}
      </p>
    </div>
  );
}
