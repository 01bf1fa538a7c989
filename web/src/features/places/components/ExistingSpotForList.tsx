import type { ListReview, PlaceDetails, Review, ReviewListRef } from '@spotbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/Button.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { SpotCard } from '@/components/SpotCard/index.ts';
import { addToListErrorMessage } from '@/lib/add-to-list-error.ts';
import { apiFetch } from '@/lib/api.ts';
import { invalidateSpotsAndLists, sharedKeys } from '@/lib/query-keys.ts';
import type { ListTarget } from '../api/list-target.ts';
import { ExistingSpot } from './ExistingSpot.tsx';
import styles from './new-spot.module.css';

export interface ExistingSpotForListProps {
  /** The caller's existing spot of the selected place. */
  reviewId: number;
  /** The caller's own list of `/newSpot?list=`. */
  list: ListTarget;
  place: PlaceDetails;
}

/*
 * Completed by the lists work (issue 5 §6). Features may not import each other, so the
 * two list calls are made here with the keys the spots and lists features share
 * (lib/query-keys.ts): the spot's keys read their cache, and spots, lists and counts are
 * refreshed after adding, so My Lists and the list page show the new spot.
 */
/**
 * Spec §4, a spot exists and a list is targeted: when it is not on the list, the spot
 * with 'Add to list' (which returns to the list, the spot highlighted); when it is,
 * 'This spot is already on your list' with View Spot.
 */
export function ExistingSpotForList({ reviewId, list }: ExistingSpotForListProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const review = useQuery({
    queryKey: sharedKeys.spot(reviewId),
    queryFn: ({ signal }) => apiFetch<Review>(`/api/reviews/review/${reviewId}/`, { signal }),
  });
  const holding = useQuery({
    queryKey: sharedKeys.spotLists(reviewId),
    queryFn: ({ signal }) =>
      apiFetch<ReviewListRef[]>(`/api/list_reviews/list_review/for-review/${reviewId}/`, {
        signal,
      }),
  });
  const add = useMutation({
    mutationFn: () =>
      apiFetch<ListReview>('/api/list_reviews/list_review/', {
        method: 'POST',
        body: { list: list.id, review: reviewId, notes: '' },
      }),
    onSuccess: async () => {
      await invalidateSpotsAndLists(queryClient);
      const key = list.shareable_by_link ? list.slug : String(list.id);
      // The list page lights up `addedReviewId` for 1.5 s (spec §9).
      await navigate(`/lists/${encodeURIComponent(key)}`, {
        state: { addedReviewId: reviewId },
      });
    },
    onError: (error) => window.alert(addToListErrorMessage(error)),
  });

  if (holding.isPending || review.isPending) {
    return <Skeleton lines={3} label="Checking your list…" />;
  }
  if (holding.data?.some((ref) => ref.id === list.id)) {
    return <ExistingSpot reviewId={reviewId} message="This spot is already on your list" />;
  }
  if (!review.data) return <ExistingSpot reviewId={reviewId} />;
  return (
    <section className={styles.stack} aria-labelledby="existing-spot-title">
      <h2 id="existing-spot-title" className={styles.sectionTitle}>
        You already have a spot for this place
      </h2>
      <SpotCard spot={review.data} headingLevel={3} />
      <Button
        icon={<ListPlus size={18} aria-hidden="true" />}
        busy={add.isPending}
        busyLabel="Adding to list..."
        onClick={() => add.mutate()}
      >
        Add to list
      </Button>
    </section>
  );
}
