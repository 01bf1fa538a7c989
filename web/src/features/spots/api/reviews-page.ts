import type { ReviewListQuery, ReviewsPage } from '@spotbook/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { spotKeys } from './keys.ts';

/** What the web sends: the paging, sort and visited filter always, the rest when set. */
export type ReviewsPageQuery = Pick<ReviewListQuery, 'offset' | 'limit' | 'sortBy' | 'visited'> & {
  search?: string;
  type?: string;
  city?: string;
  country?: string;
};

/** `GET /api/reviews/review/`: one page of the caller's spots, filtered and sorted. */
export function fetchReviewsPage(query: ReviewsPageQuery, signal?: AbortSignal) {
  return apiFetch<ReviewsPage>('/api/reviews/review/', { query: { ...query }, signal });
}

export function reviewsPageQuery(query: ReviewsPageQuery) {
  return queryOptions({
    queryKey: spotKeys.page(query),
    queryFn: ({ signal }) => fetchReviewsPage(query, signal),
    // The next page or filter keeps the current cards on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}
