import type { Photo } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { afterPhotosChanged, setSpotPhotos, spotPhotos } from './photo-cache.ts';
import { photosPath } from './upload-photo.ts';

/**
 * `PUT /api/reviews/review/{id}/photos/order/` `{ids}`, cover first. Optimistic: the new
 * order shows at once (a drag must not snap back while the request runs); a refusal puts
 * the old order back.
 */
export function useReorderPhotos(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ordered: Photo[]) =>
      apiFetch<Photo[]>(`${photosPath(reviewId)}order/`, {
        method: 'PUT',
        body: { ids: ordered.map((photo) => photo.id) },
      }),
    onMutate: async (ordered) => {
      const previous = spotPhotos(queryClient, reviewId);
      await setSpotPhotos(queryClient, reviewId, () => ordered);
      return { previous };
    },
    onError: async (_error, _ordered, context) => {
      if (context) await setSpotPhotos(queryClient, reviewId, () => context.previous);
    },
    onSuccess: async (saved) => {
      await setSpotPhotos(queryClient, reviewId, () => saved);
      return afterPhotosChanged(queryClient, reviewId);
    },
  });
}
