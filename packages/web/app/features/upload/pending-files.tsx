import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useForgetOnLeave } from '../../lib/use-forget-on-leave.ts';

type PendingFiles = { readonly files: readonly File[]; readonly set: (files: readonly File[]) => void };

const PendingFilesContext = createContext<PendingFiles>({ files: [], set: () => undefined });

/**
 * Files picked on the home page, handed to the tool page the visitor chooses next (client navigation keeps the
 * layout, and with it this state, alive).
 */
export function PendingFilesProvider({ children }: { children: ReactNode }) {
  const [files, set] = useState<readonly File[]>([]);
  useForgetOnLeave(() => set([]));
  const value = useMemo(() => ({ files, set }), [files]);
  return <PendingFilesContext.Provider value={value}>{children}</PendingFilesContext.Provider>;
}

export function usePendingFiles(): PendingFiles {
  return useContext(PendingFilesContext);
}
