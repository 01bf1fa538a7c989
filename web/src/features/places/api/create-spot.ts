import type { CreatedReview, PlaceDetails, ReviewForm } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { invalidateSpotsAndLists } from '@/lib/query-keys.ts';
import { placeDetailsKey } from './place-details.ts';

/** The image sent with a place that has none (spec §7: "defaulting to the missing-place image"). */
export const MISSING_PLACE_IMAGE = '/missing-place.svg';

export interface CreateSpotInput {
  place: PlaceDetails;
  review: Required<ReviewForm>;
  /** The list of `/newSpot?list=`, which the new spot is added to. */
  listId?: number | null;
}

/**
 * `POST /api/reviews/create-place-review/` (spec §7). The server reads only `place.id`;
 * the rest is sent as the spec describes. Afterwards everything that lists spots is stale.
 */
export function useCreateSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ place, review, listId }: CreateSpotInput) =>
      apiFetch<CreatedReview>('/api/reviews/create-place-review/', {
        method: 'POST',
        body: {
          place: { ...place, previewImageUrl: place.previewImageUrl || MISSING_PLACE_IMAGE },
          review,
          list_id: listId ?? null,
        },
      }),
    onSettled: (_data, _error, { place }) => {
      void queryClient.invalidateQueries({ queryKey: placeDetailsKey(place.id) });
      void invalidateSpotsAndLists(queryClient);
    },
  });
}
