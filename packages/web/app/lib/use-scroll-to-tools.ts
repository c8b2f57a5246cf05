import { homePath, splitLocale } from '@quire/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The anchor of the tools section on the home page (spec section 2). */
export const TOOLS_SECTION_ID = 'tools';

/** Delay between navigating home and scrolling, so the home page has rendered (spec section 9). */
const SCROLL_AFTER_NAVIGATION_MS = 100;

function scrollToTools(): void {
  const section = document.getElementById(TOOLS_SECTION_ID);
  if (!section) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

/** Smooth-scrolls to the tools section; from another page it first goes home (spec A.11). */
export function useScrollToTools(): () => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    const { locale, rest } = splitLocale(pathname);
    if (rest === '/' || rest === '') {
      scrollToTools();
      return;
    }
    void Promise.resolve(navigate(homePath(locale))).then(() =>
      window.setTimeout(scrollToTools, SCROLL_AFTER_NAVIGATION_MS),
    );
  }, [navigate, pathname]);
}
