import type { PlaceSearchKind, PlaceSearchResponse } from '@spotbook/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import type { LatLng } from '../lib/geo.ts';

export interface PlaceSearch {
  kind: PlaceSearchKind;
  query: string;
  /** Required for kind=place: search within about 0.15° of it. */
  near?: LatLng | null;
}

export function placeSearchQuery({ kind, query, near }: PlaceSearch) {
  const text = query.trim();
  return queryOptions({
    queryKey: ['places', 'search', kind, text, near?.lat, near?.lng],
    queryFn: ({ signal }) =>
      apiFetch<PlaceSearchResponse>('/api/places/search/', {
        query: { query: text, kind, lat: near?.lat, lng: near?.lng },
        signal,
      }),
    enabled: text.length > 0 && (kind === 'city' || Boolean(near)),
    // Place data hardly changes: typing back to an earlier query answers at once.
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/places/search/`; keeps the last results on screen while the next load. */
export function usePlaceSearch(search: PlaceSearch) {
  return useQuery({ ...placeSearchQuery(search), placeholderData: keepPreviousData });
}
