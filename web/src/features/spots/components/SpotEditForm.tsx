import { LIMITS, WARN_AT_REMAINING, type Review } from '@spotbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextArea } from '@/components/form/TextArea.tsx';
import { StarRatingInput } from '@/components/StarRatingInput.tsx';
import { ownerListsQuery } from '../api/owner-lists.ts';
import { reviewListsQuery } from '../api/review.ts';
import { useUpdateReview } from '../api/update-review.ts';
import { checkEdit, saveErrors, type EditErrors } from '../lib/edit-form.ts';
import { ListChoices } from './ListChoices.tsx';
import { VisitedToggle } from './VisitedToggle.tsx';
import styles from './spot-edit.module.css';

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
  const [text, setText] = useState(review.review);
  const [rating, setRating] = useState(review.rating);
  const [visited, setVisited] = useState(review.visited);
  // Untouched, the checkboxes follow the server's answer; the first click takes over.
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [errors, setErrors] = useState<EditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const initial = currentLists.data ? new Set(currentLists.data.map((list) => list.id)) : null;
  const selected = chosen ?? initial;

  function toggleList(id: number, on: boolean) {
    const next = new Set(selected ?? []);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setErrors(({ lists: _dropped, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const lists = selected && ownLists.data ? [...selected] : null;
    const check = checkEdit({ review: text, rating, visited, lists });
    setFormError(null);
    if (!check.ok) {
      setErrors(check.errors);
      setFormError(check.formError);
      return;
    }
    try {
      await update.mutateAsync(check.body);
      onSaved();
    } catch (error) {
      const failed = saveErrors(error);
      setErrors(failed.errors);
      setFormError(failed.formError);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Edit spot">
      <TextArea
        label="Review"
        name="review"
        value={text}
        maxLength={LIMITS.review}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.review}
        rows={6}
        error={errors.review}
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          setErrors(({ review: _dropped, ...rest }) => rest);
        }}
      />
      <StarRatingInput value={rating} onChange={setRating} label="Rating" />
      {errors.rating?.[0] && <p className={styles.error}>{errors.rating[0]}</p>}
      <VisitedToggle visited={visited} onChange={setVisited} />
      {errors.visited?.[0] && <p className={styles.error}>{errors.visited[0]}</p>}
      <ListChoices
        lists={ownLists.data?.results}
        selected={selected}
        onToggle={toggleList}
        error={errors.lists}
        failed={ownLists.isError || currentLists.isError}
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={update.isPending} busyLabel="Saving...">
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
