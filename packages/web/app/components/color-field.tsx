import { useId } from 'react';
import { FieldMessages } from './field-messages.tsx';

type ColorFieldProps = {
  readonly label: string;
  readonly hint: string;
  /** `#rrggbb`. */
  readonly value: string;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/**
 * A labelled colour, chosen with the browser's own picker (`#rrggbb`, as the option takes it), its value written
 * beside it.
 */
export function ColorField({ label, hint, value, disabled = false, testId, onChange }: ColorFieldProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-2 flex items-center gap-3">
        <input
          id={inputId}
          type="color"
          value={value}
          disabled={disabled}
          aria-describedby={hintId}
          data-testid={testId}
          onChange={(event) => onChange(event.currentTarget.value)}
          className="block h-11 w-16 cursor-pointer rounded-xl border border-slate-300 bg-white p-1 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60"
        />
        <span dir="ltr" className="font-mono text-sm text-slate-700">
          {value}
        </span>
      </div>
      <FieldMessages error={null} errorId={`${inputId}-error`} hint={hint} hintId={hintId} testId={testId} />
    </div>
  );
}
