import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys more than one feature reads or refreshes. Features may not import each
 * other (scripts/check-architecture.ts), so the shared parts live here, once; each
 * feature's `api/keys.ts` builds its own keys on them.
 */
export const sharedKeys = {
  /** everything spot-shaped (galleries, spot pages) */
  spots: ['reviews'] as const,
  spot: (id: number) => ['reviews', 'detail', id] as const,
  /** the lists holding a spot (for-review) */
  spotLists: (id: number) => [...sharedKeys.spot(id), 'lists'] as const,
  /** the filters' options and the counts (of spots and of lists) */
  metadata: ['metadata'] as const,
  /** everything list-shaped (My Lists, Followed Lists, list pages) */
  lists: ['lists'] as const,
  /** one list by slug or id: one cache entry, whichever page asks first */
  list: (key: string) => ['lists', 'detail', key] as const,
};

const SPOT_AND_LIST_ROOTS: ReadonlySet<unknown> = new Set([
  sharedKeys.spots[0],
  sharedKeys.metadata[0],
  sharedKeys.lists[0],
]);

/**
 * After a spot joins or leaves a list, or a list changes: refetch what shows spots, lists
 * or their counts, in every feature. Only mounted queries refetch, so this stays cheap.
 */
export function invalidateSpotsAndLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => SPOT_AND_LIST_ROOTS.has(query.queryKey[0]),
  });
}
