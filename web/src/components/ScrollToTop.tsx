import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec §1: every route change scrolls to the top. Only the path counts: changing a
 * filter or page in the query string keeps the reader where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
