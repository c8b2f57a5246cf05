import { FieldFrame, fieldBorder } from './field-frame.tsx';

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
  return (
    <FieldFrame label={label} hint={hint} error={error} testId={testId}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={`mt-2 block w-full rounded-xl border bg-white px-3 py-2 text-slate-900 rtl:text-right focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${fieldBorder(error)}`}
        />
      )}
    </FieldFrame>
  );
}
