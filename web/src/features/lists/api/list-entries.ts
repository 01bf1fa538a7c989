import type { ListReview } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { invalidateListData } from './keys.ts';

/** `POST /api/list_reviews/list_review/`: puts one of the user's spots on one of their lists. */
export function addSpotToList(listId: number, reviewId: number, notes = '') {
  return apiFetch<ListReview>('/api/list_reviews/list_review/', {
    method: 'POST',
    body: { list: listId, review: reviewId, notes },
  });
}

export function useAddSpotToList(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, notes }: { reviewId: number; notes?: string }) =>
      addSpotToList(listId, reviewId, notes),
    onSuccess: () => invalidateListData(queryClient),
  });
}

/** `DELETE /api/list_reviews/list_review/remove/{listId}/{reviewId}/`: the spot itself stays. */
export function useRemoveSpotFromList(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) =>
      apiFetch<void>(`/api/list_reviews/list_review/remove/${listId}/${reviewId}/`, {
        method: 'DELETE',
      }),
    onSuccess: () => invalidateListData(queryClient),
  });
}
