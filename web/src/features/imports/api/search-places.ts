import type { PlaceSearchResponse } from '@spotbook/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import type { Point } from '../lib/search-near.ts';
import { importKeys } from './keys.ts';

/**
 * `GET /api/places/search/` for one row: places near the row's point, or cities and
 * regions when the file gives no point at all (a city is a place one can save too).
 * Runs when the person submits the search, not per keystroke.
 */
export function useRowPlaceSearch(text: string, near: Point | null) {
  const query = text.trim();
  return useQuery({
    queryKey: importKeys.search(query, near?.lat, near?.lng),
    queryFn: ({ signal }) =>
      apiFetch<PlaceSearchResponse>('/api/places/search/', {
        query: near
          ? { query, kind: 'place', lat: near.lat, lng: near.lng }
          : { query, kind: 'city' },
        signal,
      }),
    enabled: query.length > 0,
    staleTime: 5 * 60_000,
  });
}
