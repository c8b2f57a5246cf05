import { useEffect, useId, useRef } from 'react';
import { FieldMessages } from './field-messages.tsx';

type SecretFieldProps = {
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

/**
 * A labelled field for a secret the visitor chooses (a new password): hidden as it is typed, offered to the
 * browser's password manager as a new password, with a hint and an inline error.
 */
export function SecretField(props: SecretFieldProps) {
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
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        maxLength={maxChars}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} testId={testId} />
    </div>
  );
}
