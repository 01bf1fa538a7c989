import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeGalleryParams,
  parseGalleryParams,
  writeGalleryParams,
  type GalleryParams,
} from './gallery-params.ts';

export interface UpdateOptions {
  /** Replace the history entry instead of adding one (e.g. while typing a search). */
  replace?: boolean;
}

/**
 * The My Spots view lives in the URL, so reload, back and forward, and a bookmarked view
 * all work. `update` changes some parameters (and goes back to page 1 unless the page is
 * what changes); `reset` clears search and filters but keeps the sort.
 */
export function useGalleryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseGalleryParams(searchParams), [searchParams]);

  const update = useCallback(
    (change: Partial<GalleryParams>, options: UpdateOptions = {}) => {
      // From the address bar, not from this render: two changes in a row (city, then
      // visited) must both land, and setSearchParams' updater does not queue them.
      const current = new URLSearchParams(window.location.search);
      const next = changeGalleryParams(parseGalleryParams(current), change);
      setSearchParams(writeGalleryParams(next, current), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  const reset = useCallback(
    () => update({ q: '', type: '', city: '', country: '', visited: 'both' }),
    [update],
  );

  return { params, update, reset };
}
