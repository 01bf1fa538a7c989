import type { Photo, Review } from '@spotbook/contract';
import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '@/lib/query-keys.ts';

/**
 * The spot page's copy of the spot, with its photos replaced (cover first). A fetch of the
 * spot still in flight is cancelled first: it may have read the photos before this change
 * reached the server, and its answer, arriving after, would put the old ones back (a
 * reorder undone on the page while saved on the server). Cancelling is awaited because
 * TanStack Query puts the pre-fetch data back when the cancellation lands.
 */
export async function setSpotPhotos(
  queryClient: QueryClient,
  reviewId: number,
  photos: (current: Photo[]) => Photo[],
) {
  await queryClient.cancelQueries({ queryKey: sharedKeys.spot(reviewId), exact: true });
  queryClient.setQueryData<Review>(
    sharedKeys.spot(reviewId),
    (spot) => spot && { ...spot, photos: photos(spot.photos) },
  );
}

export function spotPhotos(queryClient: QueryClient, reviewId: number): Photo[] {
  return queryClient.getQueryData<Review>(sharedKeys.spot(reviewId))?.photos ?? [];
}

/**
 * Covers show on every card (galleries, list pages, Add My Spots): refetch what shows
 * spots or lists. The spot page itself is already up to date (setSpotPhotos), so its own
 * query is only marked stale, not fetched again while an upload batch is still running.
 */
export function afterPhotosChanged(queryClient: QueryClient, reviewId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.spot(reviewId), refetchType: 'none' }),
    queryClient.invalidateQueries({
      queryKey: sharedKeys.spots,
      predicate: (query) => query.queryKey[1] !== 'detail',
    }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.lists }),
  ]);
}
