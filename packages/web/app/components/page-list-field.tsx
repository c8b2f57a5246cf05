import { FieldFrame, fieldBorder } from './field-frame.tsx';

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
  return (
    <FieldFrame label={label} hint={hint} error={error} testId={testId}>
      {/* Page lists read left to right in every language (dir="ltr"), yet the field lines up with the label. */}
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 rtl:text-right placeholder:text-slate-400 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${fieldBorder(error)}`}
        />
      )}
    </FieldFrame>
  );
}
