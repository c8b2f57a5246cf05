import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { trapTabKey } from '../../lib/focus-trap.ts';

type MobileMenuProps = {
  readonly id: string;
  readonly isOpen: boolean;
  readonly title: string;
  readonly closeLabel: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
};

/**
 * The slide-out navigation of small screens, entering from the end side (the right in left-to-right pages). While
 * open it is a modal dialog: the keyboard moves into it, Tab stays inside, Escape closes it, and the keyboard goes
 * back to what opened it.
 */
export function MobileMenu({ id, isOpen, title, closeLabel, onClose, children }: MobileMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (panel.current) trapTabKey(panel.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      const isFocusInMenu = !active || active === document.body || panel.current?.contains(active);
      if (opener?.isConnected && isFocusInMenu) opener.focus();
    };
  }, [isOpen, onClose]);

  // Closed, the menu is not displayed at all rather than hidden in place: laid out off screen, its language
  // names in six scripts made every page look up fallback fonts before its first paint (~100 ms on a desktop
  // core). It slides in when shown (`starting:`, CSS @starting-style).
  return (
    <div className={`fixed inset-0 z-50 md:hidden ${isOpen ? '' : 'hidden'}`} aria-hidden={!isOpen}>
      <div
        className="absolute inset-0 bg-slate-900/40 transition-opacity motion-reduce:transition-none starting:opacity-0"
        onClick={onClose}
      />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        inert={!isOpen}
        data-testid="mobile-menu"
        className="absolute inset-y-0 end-0 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-white p-4 shadow-xl transition-transform motion-reduce:transition-none starting:translate-x-full rtl:starting:-translate-x-full"
      >
        <div className="flex justify-end">
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-indigo-600"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
