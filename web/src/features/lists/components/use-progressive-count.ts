import { useEffect, useRef, useState } from 'react';
import { firstShown, nextShown } from '../lib/progressive.ts';

/**
 * Issue 5 §7: a list of 2,000 spots must show its first screen at once, so only the
 * first batch of cards is drawn; a sentinel after the last card asks for the next
 * batch when it comes within a screen of view. Returns the count and the sentinel ref.
 */
export function useProgressiveCount(total: number) {
  const [shown, setShown] = useState(() => firstShown(total));
  const sentinel = useRef<HTMLDivElement>(null);

  // A list that grows (a spot added) or shrinks keeps at least its first batch drawn.
  useEffect(() => {
    setShown((current) => Math.min(total, Math.max(current, firstShown(total))));
  }, [total]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || shown >= total) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown((current) => nextShown(current, total));
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, total]);

  return { shown, sentinel, showAll: () => setShown(total) };
}
