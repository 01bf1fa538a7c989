import { LIMITS, reviewUpdateSchema, WARN_AT_REMAINING, type Review } from '@spotbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextArea } from '@/components/form/TextArea.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { StarRatingInput } from '@/components/StarRatingInput.tsx';
import { showServerError } from '@/lib/server-errors.ts';
import { ownerListsQuery } from '../api/owner-lists.ts';
import { reviewListsQuery } from '../api/review.ts';
import { useUpdateReview } from '../api/update-review.ts';
import { ListChoices } from './ListChoices.tsx';
import { VisitedToggle } from './VisitedToggle.tsx';
import styles from './spot-edit.module.css';

const FIELDS = ['review', 'rating', 'visited', 'lists'] as const;
const SAVE_FAILED = 'Your changes could not be saved. Please try again.';

export interface SpotEditFormProps {
  review: Review;
  onSaved: () => void;
  onCancel: () => void;
}

/** Edit mode of the spot page: review text, stars, visited and the owner's lists. */
export function SpotEditForm({ review, onSaved, onCancel }: SpotEditFormProps) {
  const ownLists = useQuery(ownerListsQuery);
  const currentLists = useQuery(reviewListsQuery(review.id));
  const update = useUpdateReview(review.id);
  // `lists` stays unset until the first click: until then the checkboxes follow the
  // server's answer, and the spot's lists are sent only when they are known.
  const form = useSchemaForm(reviewUpdateSchema, {
    review: review.review,
    rating: review.rating,
    visited: review.visited,
  });
  const text = useTextField(form.control, 'review');
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const { field: visited } = useController({ control: form.control, name: 'visited' });
  const chosen = useController({ control: form.control, name: 'lists' }).field;
  const { errors, isSubmitting } = form.formState;

  const initial = currentLists.data?.map((list) => list.id);
  const selectedIds = (chosen.value as number[] | undefined) ?? initial;
  const selected = selectedIds ? new Set(selectedIds) : null;

  function toggleList(id: number, on: boolean) {
    const next = new Set(selected ?? []);
    if (on) next.add(id);
    else next.delete(id);
    chosen.onChange([...next]);
  }

  const submit = form.handleSubmit(async (body) => {
    const lists = ownLists.data ? (body.lists ?? initial) : undefined;
    try {
      await update.mutateAsync({ ...body, ...(lists ? { lists } : {}) });
      onSaved();
    } catch (error) {
      showServerError(form.setError, FIELDS, error, SAVE_FAILED);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit spot">
      <TextArea
        label="Review"
        maxLength={LIMITS.review}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.review}
        rows={6}
        autoFocus
        {...text}
      />
      {/* The field's ref lands on a star, so a failed save can focus the rating. */}
      <StarRatingInput {...rating} label="Rating" />
      {errors.rating?.message && <p className={styles.error}>{errors.rating.message}</p>}
      <VisitedToggle visited={visited.value ?? false} onChange={visited.onChange} />
      {errors.visited?.message && <p className={styles.error}>{errors.visited.message}</p>}
      <ListChoices
        lists={ownLists.data?.results}
        selected={selected}
        onToggle={toggleList}
        error={errors.lists?.message}
        failed={ownLists.isError || currentLists.isError}
      />
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={isSubmitting} busyLabel="Saving...">
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
