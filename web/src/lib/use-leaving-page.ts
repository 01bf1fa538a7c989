import { useCallback, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

/**
 * A path and query as `window.location` spells them, so that a path given to the router
 * raw (`/lists/zoë-…`) still compares equal to the browser's percent-encoded URL
 * (`/lists/zo%C3%AB-…`). The app's own links are encoded already; this is the safe side.
 */
export function asBrowserSpellsIt(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * Asks whether the reader has left, or is leaving, the page this component was drawn for:
 * a navigation has started (its page code or data still loading), or it has finished and
 * the browser is at the next URL while this page is still shown (React draws the next page
 * as a transition, late on a busy phone).
 *
 * A page must not navigate on its own then. A redirect cancels the reader's navigation
 * (signing out from a spot landed on the not-found page when the spot's signed-out 404
 * came while home was loading), and a relative one (`?` to tidy the query) is applied to
 * the next page's URL. Answers a function, so a timer can ask when it fires.
 */
export function useLeavingPage(): () => boolean {
  const location = useLocation();
  const seen = useRef({ here: '', navigating: false });
  seen.current = {
    here: asBrowserSpellsIt(`${location.pathname}${location.search}`),
    navigating: useNavigation().state !== 'idle',
  };
  return useCallback(() => {
    const browserAt = `${window.location.pathname}${window.location.search}`;
    return seen.current.navigating || browserAt !== seen.current.here;
  }, []);
}
