import type { LinkedPoint, PlaceResolveResponse } from '@spotbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';

/**
 * `GET /api/places/resolve/?q=`: the places a pasted link names near its point. The
 * page already knows the point (parsePlaceLink, offline); this only adds the names.
 */
export function resolveLinkQuery(text: string) {
  return queryOptions({
    queryKey: ['places', 'resolve', text.trim()],
    queryFn: ({ signal }) =>
      apiFetch<PlaceResolveResponse>('/api/places/resolve/', { query: { q: text.trim() }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useResolvedLink(text: string, point: LinkedPoint | null) {
  return useQuery({ ...resolveLinkQuery(text), enabled: point !== null });
}
