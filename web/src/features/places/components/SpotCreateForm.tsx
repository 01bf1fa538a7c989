import type { CreatedReview, PlaceDetails } from '@spotbook/contract';
import { LIMITS, reviewFormSchema, WARN_AT_REMAINING } from '@spotbook/contract';
import { useController } from 'react-hook-form';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextArea } from '@/components/form/TextArea.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { StarRatingInput } from '@/components/StarRatingInput.tsx';
import { showServerError } from '@/lib/server-errors.ts';
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
  const create = useCreateSpot();
  const form = useSchemaForm(reviewFormSchema, { review: '', rating: 0, visited: false });
  const review = useTextField(form.control, 'review');
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const { field: visited } = useController({ control: form.control, name: 'visited' });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      onCreated(await create.mutateAsync({ place, review: body, listId }));
    } catch (failure) {
      // Stars and the flag show no message of their own: theirs go above Save.
      showServerError(form.setError, ['review'], failure, CREATE_SPOT_FALLBACK);
      window.alert(CREATE_SPOT_ALERT);
    }
  });

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
        maxLength={LIMITS.review}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.review}
        rows={5}
        {...review}
      />
      <StarRatingInput {...rating} />
      <VisitedChoice visited={visited.value ?? false} onChange={visited.onChange} />
      {errors.root?.server && (
        <Alert tone="error" title="The spot was not saved">
          {errors.root.server.message}
        </Alert>
      )}
      <Button type="submit" block busy={isSubmitting} busyLabel="Creating Spot...">
        Save spot
      </Button>
    </form>
  );
}
