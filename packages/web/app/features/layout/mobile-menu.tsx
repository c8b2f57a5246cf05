import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { trapTabKey } from '../../lib/focus-trap.ts';

type MobileMenuProps = {
  /** The id of the menu's dialog (the menu button's `aria-controls`). */
  readonly id: string;
  /** The id of the layer the menu button opens (its `popovertarget`). */
  readonly layerId: string;
  readonly isOpen: boolean;
  readonly title: string;
  readonly closeLabel: string;
  /** Told when the menu opens or closes, whether by the page or by the browser (its button, Escape). */
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly children: ReactNode;
};

/**
 * The slide-out navigation of small screens, entering from the end side (the right in left-to-right pages). It is
 * a popover, which the menu button and the close button open and close without any script: the menu and its links
 * (other languages among them) work from the first paint, before the page's scripts have run (on a slow phone,
 * seconds later). Once they have, while open it is a modal dialog: the keyboard moves into it, Tab stays inside,
 * Escape closes it, and the keyboard goes back to what opened it.
 */
export function MobileMenu(props: MobileMenuProps) {
  const { id, layerId, isOpen, title, closeLabel, onOpenChange, children } = props;
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const onClose = () => onOpenChange(false);

  // Opened before the scripts ran: the toggle event went unheard.
  useEffect(() => {
    if (layer.current?.matches(':popover-open')) onOpenChange(true);
  }, [onOpenChange]);

  // The page's state leads (a navigation closes the menu, so does a click on the backdrop).
  useEffect(() => {
    const element = layer.current;
    if (!element || element.matches(':popover-open') === isOpen) return;
    if (isOpen) element.showPopover();
    else element.hidePopover();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChange(false);
      else if (panel.current) trapTabKey(panel.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      const isFocusInMenu = !active || active === document.body || panel.current?.contains(active);
      if (opener?.isConnected && isFocusInMenu) opener.focus();
    };
  }, [isOpen, onOpenChange]);

  // Closed, the menu is not displayed at all (a popover's own style) rather than hidden in place: laid out off
  // screen, its language names in six scripts made every page look up fallback fonts before its first paint
  // (~100 ms on a desktop core). It slides in when shown (`starting:`, CSS @starting-style).
  return (
    <div
      ref={layer}
      id={layerId}
      popover="auto"
      onToggle={(event) => onOpenChange(event.newState === 'open')}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none overflow-visible border-0 bg-transparent p-0 text-inherit md:hidden"
    >
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
        data-testid="mobile-menu"
        className="absolute inset-y-0 end-0 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-white p-4 shadow-xl transition-transform motion-reduce:transition-none starting:translate-x-full rtl:starting:-translate-x-full"
      >
        <div className="flex justify-end">
          <button
            ref={closeButton}
            type="button"
            popoverTarget={layerId}
            popoverTargetAction="hide"
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
