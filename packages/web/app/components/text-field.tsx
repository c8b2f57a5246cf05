import { FieldFrame, fieldBorder } from './field-frame.tsx';

type TextFieldProps = {
  readonly label: string;
  readonly hint: string;
  readonly value: string;
  /** `numeric`: a whole number, with the digits keyboard on phones. */
  readonly inputMode?: 'text' | 'numeric';
  readonly maxLength?: number;
  /** Ready-made values, shown as buttons that fill the field: each its text as the field takes it. */
  readonly presets?: readonly string[];
  /** The message to show under the field; the field is focused when it appears. */
  readonly error: string | null;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/** A labelled one-line field (a text or a whole number) with a hint, optional ready-made values and an inline error. */
export function TextField(props: TextFieldProps) {
  const { label, hint, value, inputMode = 'text', maxLength, presets = [], error, disabled = false } = props;
  const { testId, onChange } = props;
  const presetButtons = presets.length > 0 && (
    <div className="mt-1 flex flex-wrap gap-2" data-testid={`${testId}-presets`}>
      {presets.map((preset) => (
        <button
          key={preset}
          type="button"
          disabled={disabled}
          aria-pressed={preset === value}
          onClick={() => onChange(preset)}
          className={`min-h-9 rounded-lg border px-3 text-sm focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${preset === value ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-300 bg-white text-slate-800'}`}
        >
          {preset}
        </button>
      ))}
    </div>
  );
  return (
    <FieldFrame label={label} hint={hint} error={error} testId={testId} before={presetButtons}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          dir={inputMode === 'numeric' ? 'ltr' : 'auto'}
          maxLength={maxLength}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={`mt-2 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 rtl:text-right focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${fieldBorder(error)}`}
        />
      )}
    </FieldFrame>
  );
}
