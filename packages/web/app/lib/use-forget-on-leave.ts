import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/**
 * Runs `forget` when the visitor leaves the page (`pagehide`), synchronously, so a page the browser keeps in its
 * back-forward cache is frozen without the visitor's files; and again if such a page is shown from that cache
 * (`pageshow` with `persisted`), in case it was frozen first.
 */
export function useForgetOnLeave(forget: () => void): void {
  const latest = useRef(forget);
  useEffect(() => {
    latest.current = forget;
  });
  useEffect(() => {
    const onHide = () => flushSync(() => latest.current());
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) flushSync(() => latest.current());
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
}
