import { homePath, splitLocale } from '@quire/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The anchor of the tools section on the home page (spec section 2). */
export const TOOLS_SECTION_ID = 'tools';

/** Delay between navigating home and scrolling, so the home page has rendered (spec section 9). */
const SCROLL_AFTER_NAVIGATION_MS = 100;
/**
 * The navigation settles when the address changes, and React may render the home page later than the delay above
 * on a busy device: until then the section is looked for again at each frame, for at most this long.
 */
const WAIT_FOR_SECTION_MS = 3000;

function scrollToTools(): void {
  const section = document.getElementById(TOOLS_SECTION_ID);
  if (!section) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}

function scrollToToolsOnceRendered(startedMs = performance.now()): void {
  if (document.getElementById(TOOLS_SECTION_ID)) scrollToTools();
  else if (performance.now() - startedMs < WAIT_FOR_SECTION_MS) {
    window.requestAnimationFrame(() => scrollToToolsOnceRendered(startedMs));
  }
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
      window.setTimeout(() => scrollToToolsOnceRendered(), SCROLL_AFTER_NAVIGATION_MS),
    );
  }, [navigate, pathname]);
}
