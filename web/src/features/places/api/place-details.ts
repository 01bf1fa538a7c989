import type { PlaceWithUserReview } from '@spotbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';

export const placeDetailsKey = (id: string) => ['places', 'place', id] as const;

export function placeDetailsQuery(id: string) {
  return queryOptions({
    queryKey: placeDetailsKey(id),
    queryFn: ({ signal }) =>
      apiFetch<PlaceWithUserReview>(`/api/places/place/${encodeURIComponent(id)}`, { signal }),
    // Whether the user has a spot here decides the form; check again each time it shows.
    staleTime: 0,
  });
}

export function usePlaceDetails(id: string | null) {
  return useQuery({ ...placeDetailsQuery(id ?? ''), enabled: id !== null });
}
