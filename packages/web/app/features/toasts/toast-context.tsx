import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ToastView, type ToastData } from './toast-view.tsx';

/** How long a toast stays on screen (spec section 9). */
export const TOAST_DURATION_MS = 5000;

export type ToastInput = Omit<ToastData, 'id'>;

type ToastApi = { show: (toast: ToastInput) => void; dismiss: () => void };

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the one visible toast (spec section 9: at most one at a time); a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastData | null>(null);
  const [isHeld, setHeld] = useState(false);
  const nextId = useRef(0);

  const dismiss = useCallback(() => {
    setToast(null);
    setHeld(false);
  }, []);
  const show = useCallback((input: ToastInput) => {
    nextId.current += 1;
    setToast({ ...input, id: nextId.current });
    setHeld(false);
  }, []);

  // The toast stays while the visitor points at it or has the keyboard in it; the full time starts again after.
  useEffect(() => {
    if (!toast || isHeld) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, isHeld, dismiss]);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastView toast={toast} onClose={dismiss} onHold={setHeld} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
