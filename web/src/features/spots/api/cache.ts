import type { Review, ReviewsPage } from '@spotbook/contract';
import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '@/lib/query-keys.ts';
import { METADATA_KEY, spotKeys } from './keys.ts';

/**
 * Everything else that shows spots: the lists feature's queries (a list's cards, its
 * counts) live under the lists root. Only mounted queries refetch, so this stays cheap.
 */
const LISTS_KEY = sharedKeys.lists;

/** After a save: show the new values at once everywhere, then let the server re-sort. */
export async function afterReviewSaved(queryClient: QueryClient, saved: Review) {
  queryClient.setQueryData(spotKeys.detail(saved.id), saved);
  queryClient.setQueriesData<ReviewsPage>(
    { queryKey: spotKeys.pages() },
    (page) =>
      page && {
        ...page,
        results: page.results.map((review) => (review.id === saved.id ? saved : review)),
      },
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: spotKeys.pages() }),
    queryClient.invalidateQueries({ queryKey: spotKeys.lists(saved.id) }),
    queryClient.invalidateQueries({ queryKey: METADATA_KEY }),
    queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  ]);
}

/**
 * After a delete: gone from every cached page at once, then refetched for real. The
 * spot's own query is only marked stale, not removed or refetched: the delete page still
 * watches it, and a refetch now would answer 404 before the page has moved on.
 */
export async function afterReviewDeleted(queryClient: QueryClient, id: number) {
  queryClient.setQueriesData<ReviewsPage>({ queryKey: spotKeys.pages() }, (page) => {
    if (!page?.results.some((review) => review.id === id)) return page;
    return {
      count: Math.max(0, page.count - 1),
      results: page.results.filter((review) => review.id !== id),
    };
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: spotKeys.detail(id), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: spotKeys.pages() }),
    queryClient.invalidateQueries({ queryKey: METADATA_KEY }),
    queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  ]);
}
