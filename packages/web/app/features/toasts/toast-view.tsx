import { AlertIcon, CheckIcon, CloseIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';

export type ToastData = {
  readonly id: number;
  readonly variant: 'default' | 'destructive';
  readonly title: string;
  readonly description?: string;
  readonly action?: { readonly label: string; readonly onClick: () => void };
};

/** The toast region: always in the page so screen readers hear new toasts; shows at most one. */
export function ToastView({ toast, onClose }: { toast: ToastData | null; onClose: () => void }) {
  const t = useT();
  const destructive = toast?.variant === 'destructive';
  return (
    <section
      aria-label={t('common.toast.region')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col p-4 md:start-auto md:end-0 md:w-full md:max-w-[420px]"
    >
      <div role="status" aria-live={destructive ? 'assertive' : 'polite'} aria-atomic="true">
        {toast && (
          <div
            key={toast.id}
            data-testid="toast"
            data-variant={toast.variant}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-2xl border p-4 shadow-lg motion-safe:animate-[toast-in_200ms_ease-out] ${
              destructive
                ? 'border-red-700 bg-red-700 text-white'
                : 'border-slate-200 bg-white text-slate-900'
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
        )}
      </div>
    </section>
  );
}
