import { useEffect, useRef, type ReactNode } from 'react';
import { AlertIcon, CheckIcon, CloseIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';

export type ToastData = {
  readonly id: number;
  readonly variant: 'default' | 'destructive';
  readonly title: string;
  readonly description?: string;
  readonly action?: { readonly label: string; readonly onClick: () => void };
};

type ToastViewProps = {
  readonly toast: ToastData | null;
  readonly onClose: () => void;
  /** The visitor is reading or using the toast (pointer over it, focus in it): it must not go away meanwhile. */
  readonly onHold: (isHeld: boolean) => void;
};

/** The hotkey that takes the keyboard to the current toast (spec section 9) and back with Escape. */
export const TOAST_HOTKEY = 'F8';

/**
 * The toast region: two live regions always in the page, so screen readers hear each new toast without it taking
 * focus: a polite status for default toasts, an assertive alert for destructive ones. F8 moves the keyboard to
 * the toast; Escape there closes it and puts the keyboard back where it was.
 */
export function ToastView({ toast, onClose, onHold }: ToastViewProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  /** Where the keyboard was before it entered the toast. */
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!toast) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || !box.current) return;
      event.preventDefault();
      box.current.querySelector<HTMLButtonElement>('button')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toast]);

  // A toast that goes while the keyboard is in it gives the keyboard back instead of dropping it on the page.
  useEffect(() => {
    const current = box.current;
    return () => {
      if (current?.contains(document.activeElement) || document.activeElement === document.body) {
        if (returnTo.current?.isConnected) returnTo.current.focus();
      }
      returnTo.current = null;
    };
  }, [toast]);

  const render = (variant: ToastData['variant']): ReactNode => {
    if (!toast || toast.variant !== variant) return null;
    const destructive = variant === 'destructive';
    return (
      <div
        ref={box}
        key={toast.id}
        data-testid="toast"
        data-variant={toast.variant}
        onPointerEnter={() => onHold(true)}
        onPointerLeave={() => onHold(false)}
        onFocus={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) {
            if (event.relatedTarget instanceof HTMLElement) returnTo.current = event.relatedTarget;
            onHold(true);
          }
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) onHold(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onClose();
        }}
        className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg motion-safe:animate-[toast-in_200ms_ease-out] ${
          destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
        }`}
      >
        {destructive ? (
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
        ) : (
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold" data-testid="toast-title">
            {toast.title}
          </p>
          {toast.description && (
            <p
              className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`}
              data-testid="toast-description"
            >
              {toast.description}
            </p>
          )}
          {toast.action && (
            <button
              type="button"
              onClick={toast.action.onClick}
              data-testid="toast-action"
              className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {toast.action.label}
            </button>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('common.toast.close')}
          data-testid="toast-close"
          className={`-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg focus-visible:outline-3 focus-visible:outline-offset-[-4px] ${
            destructive
              ? 'hover:bg-red-800 focus-visible:outline-white'
              : 'hover:bg-slate-100 focus-visible:outline-indigo-600'
          }`}
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
    );
  };

  return (
    <section
      aria-label={t('common.toast.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col p-4 md:top-auto md:start-auto md:end-0 md:bottom-0 md:w-full md:max-w-[420px]"
    >
      <div role="status" aria-atomic="true" data-testid="toast-status">
        {render('default')}
      </div>
      <div role="alert" aria-atomic="true" data-testid="toast-alert">
        {render('destructive')}
      </div>
    </section>
  );
}
