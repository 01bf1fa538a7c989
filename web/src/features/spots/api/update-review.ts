import type { Review, ReviewUpdateBody } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { afterReviewSaved } from './cache.ts';

/** `PUT /api/reviews/review/{id}/` with review, rating, visited and the full set of lists. */
export function updateReview(id: number, body: ReviewUpdateBody) {
  return apiFetch<Review>(`/api/reviews/review/${id}/`, { method: 'PUT', body });
}

export function useUpdateReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewUpdateBody) => updateReview(id, body),
    // Not awaited: the page may move on while the refetches run.
    onSuccess: (saved) => void afterReviewSaved(queryClient, saved),
  });
}
