import type { ToolId } from '@quire/shared';
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
import { useLocation } from 'react-router';
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';

/** Files (and a tool's options) handed from one page to the next without leaving the browser's memory. */
export type CarriedSelection = {
  readonly files: readonly File[];
  /** The tool whose options these are; options go only to that tool's page. */
  readonly toolId?: ToolId;
  readonly options?: Readonly<Record<string, string>>;
};

/** A selection on its way to one page. */
type HandOver = { readonly selection: CarriedSelection; readonly to: string };

type PendingFiles = {
  /** What the previous page handed over, and to which path; it lasts until the next navigation. */
  readonly handedOver: HandOver | null;
  /** Hands a selection to the page at `to` (a path), which takes it if the next navigation leads there. */
  readonly handOver: (selection: CarriedSelection, to: string) => void;
  /** The upload card of the page says how to read its current selection (null when it goes). */
  readonly register: (read: (() => CarriedSelection) | null) => void;
  /** The current page's selection, for a change of language to carry over; null when the page has none. */
  readonly current: () => CarriedSelection | null;
};

const NOTHING: CarriedSelection = { files: [] };

const PendingFilesContext = createContext<PendingFiles>({
  handedOver: null,
  handOver: () => undefined,
  register: () => undefined,
  current: () => null,
});

/**
 * Files picked on one page and taken up by the next: from the home page to the tool the visitor chooses, and from
 * a tool page to the same page in another language. It sits above the pages of every language (client navigation
 * keeps it alive); the files never leave memory, and go when the visitor leaves the site. A hand-over reaches the
 * page it was meant for on the very next navigation, or nothing: a link opened in another tab, or a click on the
 * page already shown, leaves nothing behind for a later page.
 */
export function PendingFilesProvider({ children }: { children: ReactNode }) {
  const [handedOver, setHandedOver] = useState<HandOver | null>(null);
  const reader = useRef<(() => CarriedSelection) | null>(null);
  const { key } = useLocation();
  // Runs after the page of the new location has read what it was handed (in its first render).
  useEffect(() => setHandedOver(null), [key]);
  useForgetOnLeave(() => setHandedOver(null));
  const handOver = useCallback((selection: CarriedSelection, to: string) => {
    setHandedOver({ selection, to });
  }, []);
  const register = useCallback((read: (() => CarriedSelection) | null) => {
    reader.current = read;
  }, []);
  const current = useCallback(() => reader.current?.() ?? null, []);
  const value = useMemo(
    () => ({ handedOver, handOver, register, current }),
    [handedOver, handOver, register, current],
  );
  return <PendingFilesContext.Provider value={value}>{children}</PendingFilesContext.Provider>;
}

export function usePendingFiles(): PendingFiles {
  return useContext(PendingFilesContext);
}

/** Lets a change of language carry this page's files (and options) over, for as long as the page is shown. */
export function useCarrySelection(selection: CarriedSelection): void {
  const { register } = usePendingFiles();
  const latest = useRef(selection);
  useEffect(() => {
    latest.current = selection;
  });
  useEffect(() => {
    register(() => latest.current);
    return () => register(null);
  }, [register]);
}

/** What the previous page handed to this one, read once when this page's upload card mounts. */
export function useTakeSelection(): CarriedSelection {
  const { handedOver } = usePendingFiles();
  const { pathname } = useLocation();
  const [taken] = useState(() =>
    handedOver !== null && handedOver.to === pathname ? handedOver.selection : NOTHING,
  );
  return taken;
}
