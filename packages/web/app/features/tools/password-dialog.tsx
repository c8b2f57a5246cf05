import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { AlertIcon } from '../../components/icons.tsx';
import { trapTabKey } from '../../lib/focus-trap.ts';

type PasswordDialogProps = {
  readonly title: string;
  readonly description: string;
  /** The password given was wrong: the description is shown as an error. */
  readonly isRetry?: boolean;
  readonly label: string;
  readonly submitLabel: string;
  readonly cancelLabel: string;
  readonly onSubmit: (password: string) => void;
  readonly onCancel: () => void;
};

/**
 * A small modal asking for one file's password: a native modal `<dialog>` (the page behind is inert, Escape
 * cancels), with Tab kept inside it. The page puts the keyboard back on its action button when it closes.
 */
export function PasswordDialog(props: PasswordDialogProps) {
  const { title, description, isRetry = false, label, submitLabel, cancelLabel, onSubmit, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const [password, setPassword] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== '') onSubmit(password);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid="password-dialog"
      onKeyDown={(event) => trapTabKey(event.currentTarget, event)}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <form onSubmit={submit}>
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {isRetry ? (
          <p
            id={descriptionId}
            data-testid="password-error"
            className="mt-2 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{description}</span>
          </p>
        ) : (
          <p id={descriptionId} className="mt-2 text-sm text-slate-600">
            {description}
          </p>
        )}
        <label htmlFor={inputId} className="mt-4 block text-sm font-medium">
          {label}
        </label>
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          autoFocus
          required
          aria-invalid={isRetry || undefined}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 px-3 focus-visible:outline-3 focus-visible:outline-indigo-600"
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onCancel} className={BUTTON_STYLES.secondary}>
            {cancelLabel}
          </button>
          <button type="submit" className={BUTTON_STYLES.primary}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
