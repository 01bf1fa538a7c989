import type { CustomPlaceBody, PlaceDetails, PlaceWithUserReview } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { placeDetailsKey } from './place-details.ts';

/** `POST /api/places/custom/`: a pin with a name and a category, owned by the caller. */
export function useCreateCustomPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomPlaceBody) =>
      apiFetch<PlaceDetails>('/api/places/custom/', { method: 'POST', body }),
    // A new place has no spot yet: seed its details so the create form shows at once.
    onSuccess: (place) =>
      queryClient.setQueryData<PlaceWithUserReview>(placeDetailsKey(place.id), {
        ...place,
        user_review: null,
      }),
  });
}
