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
