import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec §1: every route change scrolls to the top. Only the path counts: changing a
 * filter or page in the query string keeps the reader where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // The browser's own restoration on Back / Forward would fight this (and, with pages
  // whose code loads lazily, land at an arbitrary height of a half-drawn page).
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
