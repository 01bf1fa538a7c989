import type { QueryClient } from '@tanstack/react-query';
import { invalidateSpotsAndLists, sharedKeys } from '@/lib/query-keys.ts';

/**
 * Query keys of the lists feature. Everything lives under `['lists']`, so one
 * invalidation after a write refreshes My Lists, Followed Lists and open list pages.
 */
export const listKeys = {
  all: sharedKeys.lists,
  own: (page: number, search: string) => [...listKeys.all, 'own', { page, search }] as const,
  saved: (page: number, search: string) => [...listKeys.all, 'saved', { page, search }] as const,
  examples: [...sharedKeys.lists, 'examples'] as const,
  detail: sharedKeys.list,
  follow: (slug: string) => [...listKeys.all, 'follow', slug] as const,
  /** The user's spots offered for adding to a list (the picker's own pages). */
  mySpots: (page: number, search: string) =>
    [...listKeys.all, 'my-spots', { page, search }] as const,
};

/**
 * After any list write: refetch what shows lists, here and in the other features (the
 * home metadata's list counts, a spot's "lists it belongs to").
 */
export const invalidateListData = invalidateSpotsAndLists;

/**
 * After following or unfollowing: only Followed Lists and the counts change. The list
 * itself (maybe 2,000 spots) is not fetched again.
 */
export function invalidateFollowData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...listKeys.all, 'saved'] }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.metadata }),
  ]);
}
