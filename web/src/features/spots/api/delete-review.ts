import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { afterReviewDeleted } from './cache.ts';

/** `DELETE /api/reviews/review/{id}/`: also takes the spot off every list. */
export function deleteReview(id: number) {
  return apiFetch<void>(`/api/reviews/review/${id}/`, { method: 'DELETE' });
}

export function useDeleteReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteReview(id),
    onSuccess: () => void afterReviewDeleted(queryClient, id),
  });
}
