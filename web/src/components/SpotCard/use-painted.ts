import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the frame that first showed it has
 * painted. A spot card shows its picture only then: on a phone, a list's twenty pictures
 * (~35 KB each; Chrome fetches lazy images well below the screen) otherwise start in the
 * very frame that first paints the list's title and description, compete with it, and
 * Lighthouse counted their download into the page's LCP (issue 14 §4, decision 024).
 * The card's picture box has its own aspect ratio, so nothing moves when it comes.
 * Cards shown in one commit share one frame callback.
 */
const waiting = new Set<() => void>();

function afterNextPaint(done: () => void): () => void {
  if (waiting.size === 0) {
    // A frame callback runs before the next paint; a task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const ready = [...waiting];
        waiting.clear();
        for (const notify of ready) notify();
      }),
    );
  }
  waiting.add(done);
  return () => waiting.delete(done);
}

export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
