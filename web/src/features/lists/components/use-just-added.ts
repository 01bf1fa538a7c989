// The subpath keeps zod's schemas out of the list page's first chunks.
import { TIMINGS } from '@spotbook/contract/limits';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useLeavingPage } from '@/lib/use-leaving-page.ts';

/** What a page sends along when it returns to a list after adding a spot to it. */
export interface ListReturnState {
  addedReviewId?: number;
}

function readAdded(state: unknown, param: string | null): number | null {
  const fromState = (state as ListReturnState | null)?.addedReviewId;
  if (typeof fromState === 'number') return fromState;
  const fromQuery = Number(param);
  return Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : null;
}

/**
 * The spot just added to this list (router state `addedReviewId` or `?added={id}`),
 * for TIMINGS.rowHighlightMs (spec §9: 1.5 s); then `?added` leaves the URL so a
 * reload does not light it up again.
 */
export function useJustAdded(): number | null {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const added = readAdded(location.state, params.get('added'));
  const [highlighted, setHighlighted] = useState<number | null>(added);
  // Tidying the URL is a navigation of its own: it must neither cancel one the reader has
  // started (a click on 'Add a Spot') nor land on the next page's URL (`/newSpot?list=3`
  // became `/newSpot`).
  const leaving = useLeavingPage();

  useEffect(() => {
    if (added === null) return;
    setHighlighted(added);
    const timer = window.setTimeout(() => {
      setHighlighted(null);
      if (leaving()) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('added');
          return next;
        },
        { replace: true, preventScrollReset: true, state: null },
      );
    }, TIMINGS.rowHighlightMs);
    return () => window.clearTimeout(timer);
  }, [added, leaving, setParams]);

  return highlighted;
}
