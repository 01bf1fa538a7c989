import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the lists feature. Everything lives under `['lists']`, so one
 * invalidation after a write refreshes My Lists, Followed Lists and open list pages.
 */
export const listKeys = {
  all: ['lists'] as const,
  own: (page: number, search: string) => ['lists', 'own', { page, search }] as const,
  saved: (page: number, search: string) => ['lists', 'saved', { page, search }] as const,
  examples: ['lists', 'examples'] as const,
  detail: (key: string) => ['lists', 'detail', key] as const,
  follow: (slug: string) => ['lists', 'follow', slug] as const,
  /** The user's spots offered for adding to a list (the picker's own pages). */
  mySpots: (page: number, search: string) => ['lists', 'my-spots', { page, search }] as const,
};

/**
 * Other features' queries that count or show lists (the home metadata's list counts,
 * a spot's "lists it belongs to"). Matched by their first key part, so this feature
 * does not import theirs.
 */
export const LIST_DEPENDENT_ROOTS: ReadonlySet<unknown> = new Set(['metadata', 'reviews']);

/** After any list write: refetch what shows lists, here and in the other features. */
export function invalidateListData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === listKeys.all[0] || LIST_DEPENDENT_ROOTS.has(query.queryKey[0]),
  });
}

/**
 * After following or unfollowing: only Followed Lists and the counts change. The list
 * itself (maybe 2,000 spots) is not fetched again.
 */
export function invalidateFollowData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...listKeys.all, 'saved'] }),
    queryClient.invalidateQueries({ queryKey: ['metadata'] }),
  ]);
}
