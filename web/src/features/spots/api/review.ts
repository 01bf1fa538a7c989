import type { Review, ReviewListRef } from '@spotbook/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { spotKeys } from './keys.ts';

/** `GET /api/reviews/review/{id}/`: a 404 also stands for someone else's private spot. */
export function reviewQuery(id: number) {
  return queryOptions({
    queryKey: spotKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Review>(`/api/reviews/review/${id}/`, { signal }),
  });
}

/** `GET /api/list_reviews/list_review/for-review/{id}/`: the lists holding the spot. */
export function reviewListsQuery(id: number) {
  return queryOptions({
    queryKey: spotKeys.lists(id),
    queryFn: ({ signal }) =>
      apiFetch<ReviewListRef[]>(`/api/list_reviews/list_review/for-review/${id}/`, { signal }),
  });
}
