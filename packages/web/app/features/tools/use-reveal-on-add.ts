import { useEffect, useRef, type RefObject } from 'react';

/**
 * Brings `target` into view when the count of chosen files grows: after a pick, the list and the action button
 * may be below the fold (800 px desktops, phones), and the visitor would see nothing happen. Smooth unless the
 * visitor asks for reduced motion.
 */
export function useRevealOnAdd(count: number, target: RefObject<HTMLElement | null>): void {
  // From zero: files handed over by the previous page (home, another language) are revealed too.
  const previous = useRef(0);
  useEffect(() => {
    const grew = count > previous.current;
    previous.current = count;
    if (!grew) return;
    const frame = requestAnimationFrame(() => reveal(target.current, 'nearest'));
    return () => cancelAnimationFrame(frame);
  }, [count, target]);
}

/** Scrolls `element` into view, smoothly unless the visitor asks for reduced motion. */
export function reveal(element: HTMLElement | null, block: ScrollLogicalPosition): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element?.scrollIntoView({ block, behavior: reduce ? 'auto' : 'smooth' });
}

/** How long a revealed result is kept in place while what loads around it settles. */
const HOLD_MS = 3000;
/** What the visitor does to scroll the page themselves: from then on the page is theirs. */
const VISITOR_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Reveals `element`, then keeps it there for a few seconds while the page's height changes (pictures and page
 * views above it that finish loading would otherwise push it down, under a toast or off the screen), until the
 * visitor scrolls themselves. Returns what stops the hold (an effect's cleanup).
 */
export function revealAndHold(element: HTMLElement | null, block: ScrollLogicalPosition): () => void {
  reveal(element, block);
  if (!element || typeof ResizeObserver === 'undefined') return () => undefined;
  let top = element.getBoundingClientRect().top + window.scrollY;
  const observer = new ResizeObserver(() => {
    const now = element.getBoundingClientRect().top + window.scrollY;
    // Only a move of the element itself: what grows below it changes nothing on the screen.
    if (Math.abs(now - top) < 1) return;
    top = now;
    element.scrollIntoView({ block, behavior: 'auto' });
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  observer.observe(document.body);
  for (const type of VISITOR_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  const timer = setTimeout(stop, HOLD_MS);
  return stop;
}
