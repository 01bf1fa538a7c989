import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';

/** The list of `/newSpot?list={slug or id}`: what this page needs of it. */
export interface ListTarget {
  id: number;
  name: string;
  slug: string;
  shareable_by_link: boolean;
  /** the owner's user id */
  user: number;
}

export function listTargetQuery(list: string) {
  return queryOptions({
    // The lists feature's key for the same call: one cache entry, whichever page asks first.
    queryKey: ['lists', 'detail', list],
    queryFn: ({ signal }) =>
      apiFetch<ListTarget>(`/api/lists/list/${encodeURIComponent(list)}`, { signal }),
  });
}

/** `GET /api/lists/list/{list}`; disabled without `?list=`. */
export function useListTarget(list: string | null) {
  return useQuery({ ...listTargetQuery(list ?? ''), enabled: Boolean(list) });
}
