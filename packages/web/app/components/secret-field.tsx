import { FieldFrame, fieldBorder } from './field-frame.tsx';

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
  return (
    <FieldFrame label={label} hint={hint} error={error} testId={testId}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          maxLength={maxChars}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${fieldBorder(error)}`}
        />
      )}
    </FieldFrame>
  );
}
