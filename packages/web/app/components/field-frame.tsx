import { useEffect, useId, type ReactNode } from 'react';
import { FieldMessages } from './field-messages.tsx';

/** What a field's control (an input, a text area) takes from its frame: its id and how it is described. */
export type FieldControlProps = {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string;
  readonly 'data-testid': string;
};

type FieldFrameProps = {
  readonly label: string;
  readonly hint: string;
  /** The message to show under the field; the control is focused when it appears. */
  readonly error: string | null;
  readonly testId: string;
  /** Shown between the label and the control (Text field's ready-made values). */
  readonly before?: ReactNode;
  /** The control, given the props that tie it to the label, the hint and the error. */
  readonly children: (control: FieldControlProps) => ReactNode;
};

/**
 * The frame every labelled form field shares: the label, the control, then the hint or the error, which the
 * control is described by, and focus moved to the control when an error appears.
 */
export function FieldFrame({ label, hint, error, testId, before, children }: FieldFrameProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    if (error) document.getElementById(inputId)?.focus();
  }, [error, inputId]);

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {before}
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
        'data-testid': testId,
      })}
      <FieldMessages error={error} errorId={errorId} hint={hint} hintId={hintId} testId={testId} />
    </div>
  );
}

/** The border of a field's control: red while it has an error. */
export const fieldBorder = (error: string | null): string => (error ? 'border-red-500' : 'border-slate-300');
