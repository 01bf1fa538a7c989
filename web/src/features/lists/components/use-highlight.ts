import { TIMINGS } from '@spotbook/contract/limits';
import { useEffect, useState } from 'react';
import { useJustAdded } from './use-just-added.ts';

/**
 * The spot to light up on a list (spec §9: for 1.5 s): one arriving from another page
 * (router state or `?added=`), or one just added from this page's picker.
 */
export function useHighlight() {
  const fromNavigation = useJustAdded();
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added === null) return;
    const timer = window.setTimeout(() => setAdded(null), TIMINGS.rowHighlightMs);
    return () => window.clearTimeout(timer);
  }, [added]);
  return { id: added ?? fromNavigation, set: setAdded };
}
