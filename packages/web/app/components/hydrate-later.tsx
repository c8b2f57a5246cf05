import { Suspense, type ReactNode } from 'react';

/**
 * A part of the page that React hydrates after the rest, when the browser has nothing more urgent to do: the
 * prerendered HTML of a `<Suspense>` boundary stays as it is (visible, its links and native controls working) while
 * React first takes over what is outside it, such as the upload card, and commits that; the boundaries follow at a
 * low priority, and one the visitor clicks first is hydrated at once, the click then handled. The prerender writes
 * each boundary in place (`entry.server.tsx`), so nothing moves. Nothing inside suspends: the fallback is never
 * shown.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
