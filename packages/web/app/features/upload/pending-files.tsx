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
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';

/** Files (and a tool's options) handed from one page to the next without leaving the browser's memory. */
export type CarriedSelection = {
  readonly files: readonly File[];
  /** The tool whose options these are; options go only to that tool's page. */
  readonly toolId?: ToolId;
  readonly options?: Readonly<Record<string, string>>;
};

type PendingFiles = {
  /** What the previous page handed over; the page that takes it clears it. */
  readonly selection: CarriedSelection;
  readonly set: (selection: CarriedSelection) => void;
  /** The upload card of the page says how to read its current selection (null when it goes). */
  readonly register: (read: (() => CarriedSelection) | null) => void;
  /** The current page's selection, for a change of language to carry over; null when the page has none. */
  readonly current: () => CarriedSelection | null;
};

const NOTHING: CarriedSelection = { files: [] };

const PendingFilesContext = createContext<PendingFiles>({
  selection: NOTHING,
  set: () => undefined,
  register: () => undefined,
  current: () => null,
});

/**
 * Files picked on one page and taken up by the next: from the home page to the tool the visitor chooses, and from
 * a tool page to the same page in another language. It sits above the pages of every language (client navigation
 * keeps it alive); the files never leave memory, and go when the visitor leaves the site.
 */
export function PendingFilesProvider({ children }: { children: ReactNode }) {
  const [selection, set] = useState<CarriedSelection>(NOTHING);
  const reader = useRef<(() => CarriedSelection) | null>(null);
  useForgetOnLeave(() => set(NOTHING));
  const register = useCallback((read: (() => CarriedSelection) | null) => {
    reader.current = read;
  }, []);
  const current = useCallback(() => reader.current?.() ?? null, []);
  const value = useMemo(() => ({ selection, set, register, current }), [selection, register, current]);
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

/**
 * What the previous page handed over, read once when this page's upload card mounts, then cleared so that it
 * reaches one page only.
 */
export function useTakeSelection(): CarriedSelection {
  const { selection, set } = usePendingFiles();
  const [taken] = useState(selection);
  useEffect(() => {
    if (taken.files.length > 0) set(NOTHING);
  }, [taken, set]);
  return taken;
}
