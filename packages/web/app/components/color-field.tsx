import { useId } from 'react';

type ColorFieldProps = {
  readonly label: string;
  readonly hint: string;
  /** `#rrggbb`. */
  readonly value: string;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/** A labelled colour chooser (the browser's own), with a hint. */
export function ColorField({ label, hint, value, disabled = false, testId, onChange }: ColorFieldProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={inputId}
        type="color"
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="mt-2 block h-11 w-20 cursor-pointer rounded-xl border border-slate-300 bg-white p-1 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600" data-testid={`${testId}-hint`}>
        {hint}
      </p>
    </div>
  );
}
