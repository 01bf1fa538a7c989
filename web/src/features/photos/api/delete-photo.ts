import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { afterPhotosChanged, setSpotPhotos } from './photo-cache.ts';
import { photosPath } from './upload-photo.ts';

/** `DELETE /api/reviews/review/{id}/photos/{photoId}/`: gone from the page once the server agrees. */
export function useDeletePhoto(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) =>
      apiFetch<unknown>(`${photosPath(reviewId)}${photoId}/`, { method: 'DELETE' }),
    onSuccess: async (_answer, photoId) => {
      await setSpotPhotos(queryClient, reviewId, (photos) =>
        photos.filter((p) => p.id !== photoId),
      );
      return afterPhotosChanged(queryClient, reviewId);
    },
  });
}
