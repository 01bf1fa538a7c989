import type { CreatedReview, PlaceDetails } from '@spotbook/contract';
import { LIMITS, reviewFormSchema, WARN_AT_REMAINING } from '@spotbook/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextArea } from '@/components/form/TextArea.tsx';
import { StarRatingInput } from '@/components/StarRatingInput.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useCreateSpot } from '../api/create-spot.ts';
import { VisitedChoice } from './VisitedChoice.tsx';
import styles from './new-spot.module.css';

/** Spec §8, verbatim. */
export const CREATE_SPOT_ALERT = 'There was an error submitting your review.';
const CREATE_SPOT_FALLBACK = 'Internal Server Error';

export interface SpotCreateFormProps {
  place: PlaceDetails;
  /** `/newSpot?list=`: the new spot goes onto this list (the server adds it). */
  listId?: number | null;
  onCreated: (review: CreatedReview) => void;
}

/**
 * Step 4 with no spot of this place yet (spec §4): review text (800, warning at 20
 * left), 1-5 stars resettable to none, want to go / already visited (want to go first).
 */
export function SpotCreateForm({ place, listId, onCreated }: SpotCreateFormProps) {
  const [review, setReview] = useState('');
  const [rating, setRating] = useState(0);
  const [visited, setVisited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSpot();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setError(null);
    const parsed = reviewFormSchema.safeParse({ review, rating, visited });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CREATE_SPOT_FALLBACK);
      return;
    }
    try {
      onCreated(await create.mutateAsync({ place, review: parsed.data, listId }));
    } catch (failure) {
      setError(errorMessage(failure, CREATE_SPOT_FALLBACK));
      window.alert(CREATE_SPOT_ALERT);
    }
  }

  return (
    <form
      className={styles.createForm}
      onSubmit={submit}
      noValidate
      aria-labelledby="create-spot-title"
    >
      <h2 id="create-spot-title" className={styles.sectionTitle}>
        Save it as a spot
      </h2>
      <TextArea
        label="Review"
        placeholder="What is it like? What should you not miss?"
        value={review}
        onChange={(event) => setReview(event.target.value)}
        maxLength={LIMITS.review}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.review}
        rows={5}
      />
      <StarRatingInput value={rating} onChange={setRating} />
      <VisitedChoice visited={visited} onChange={setVisited} />
      {error && (
        <Alert tone="error" title="The spot was not saved">
          {error}
        </Alert>
      )}
      <Button type="submit" block busy={create.isPending} busyLabel="Creating Spot...">
        Save spot
      </Button>
    </form>
  );
}
