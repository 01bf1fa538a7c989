import type { ListDetail } from '@spotbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { sharedKeys } from '@/lib/query-keys.ts';

/** The list of `/newSpot?list={slug or id}`: what this page needs of it. */
export type ListTarget = Pick<ListDetail, 'id' | 'name' | 'slug' | 'shareable_by_link' | 'user'>;

export function listTargetQuery(list: string) {
  return queryOptions({
    // The lists feature's key for the same call: one cache entry, whichever page asks first.
    queryKey: sharedKeys.list(list),
    queryFn: ({ signal }) =>
      apiFetch<ListTarget>(`/api/lists/list/${encodeURIComponent(list)}`, { signal }),
  });
}

/** `GET /api/lists/list/{list}`; disabled without `?list=`. */
export function useListTarget(list: string | null) {
  return useQuery({ ...listTargetQuery(list ?? ''), enabled: Boolean(list) });
}
