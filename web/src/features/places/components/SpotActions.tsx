import type { CreatedReview, PlaceDetails } from '@spotbook/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { errorMessage } from '@/lib/api.ts';
import type { ListTarget } from '../api/list-target.ts';
import type { PlaceWithUserReview } from '@spotbook/contract';
import { ExistingSpot } from './ExistingSpot.tsx';
import { ExistingSpotForList } from './ExistingSpotForList.tsx';
import { SpotCreateForm } from './SpotCreateForm.tsx';

export interface SpotActionsProps {
  place: PlaceDetails;
  /** `GET /api/places/place/{id}`: decides the branch through `user_review`. */
  details: UseQueryResult<PlaceWithUserReview>;
  /** The list of `/newSpot?list=`, when it is the caller's own; null otherwise. */
  listTarget: ListTarget | null;
  /** `?list=` names a list still being loaded: which branch applies is not known yet. */
  listPending: boolean;
  onCreated: (review: CreatedReview) => void;
}

/**
 * Spec §4 "Spot create": once the place is selected, whether the user already has a
 * spot of it decides what follows: the create form, View Spot, or (with a list) the
 * list branches in ExistingSpotForList.
 */
export function SpotActions({
  place,
  details,
  listTarget,
  listPending,
  onCreated,
}: SpotActionsProps) {
  // Until the list is known, a save would go without it (and on to the spot, not back
  // to the list): on a slow connection the place can be picked before the list arrives.
  if (details.isPending || listPending) {
    return <Skeleton lines={3} label="Checking your spots…" />;
  }
  if (details.isError) {
    return (
      <Alert tone="error" title="This place could not be loaded">
        <p>{errorMessage(details.error, 'Please try again.')}</p>
        <Button variant="secondary" size="sm" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const existing = details.data.user_review;
  if (!existing) {
    return <SpotCreateForm place={place} listId={listTarget?.id ?? null} onCreated={onCreated} />;
  }
  if (listTarget)
    return <ExistingSpotForList reviewId={existing.id} list={listTarget} place={place} />;
  return <ExistingSpot reviewId={existing.id} />;
}
