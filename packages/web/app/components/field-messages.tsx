import { AlertIcon } from './icons.tsx';

/**
 * What a one-line field says under itself: its error (an alert, when there is one) and its hint, with the ids its
 * input names in `aria-describedby`, and test ids after the field's own (`<testId>-error`, `<testId>-hint`).
 */
export function FieldMessages(props: {
  readonly error: string | null;
  readonly errorId: string;
  readonly hint: string;
  readonly hintId: string;
  readonly testId: string;
}) {
  const { error, errorId, hint, hintId, testId } = props;
  return (
    <>
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
    </>
  );
}
