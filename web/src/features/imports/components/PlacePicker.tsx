import type { PlaceDetails } from '@spotbook/contract';
import { titleCaseType } from '@spotbook/contract';
import { useId } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { useSchemaForm } from '@/components/form/use-schema-form.ts';
import { showServerError } from '@/lib/server-errors.ts';
import styles from './fixer.module.css';

const CHOOSE_A_PLACE = 'Choose a place.';
const pickSchema = z.object({
  place_id: z.string({ error: CHOOSE_A_PLACE }).min(1, CHOOSE_A_PLACE),
});

export interface PlacePickerProps {
  legend: string;
  places: readonly PlaceDetails[];
  onPick: (place: PlaceDetails) => Promise<void>;
}

/** Places as a radio list (the candidates, or search results) and one button to take the chosen one. */
export function PlacePicker({ legend, places, onPick }: PlacePickerProps) {
  const id = useId();
  const form = useSchemaForm(pickSchema, { place_id: '' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ place_id }) => {
    const place = places.find((candidate) => candidate.id === place_id);
    if (!place) return;
    try {
      await onPick(place);
    } catch (error) {
      showServerError(form.setError, [], error, 'The place could not be chosen. Please try again.');
    }
  });
  return (
    <form onSubmit={submit} noValidate className={styles.picker}>
      <fieldset
        className={styles.fieldset}
        aria-describedby={errors.place_id ? `${id}-error` : undefined}
      >
        <legend className={styles.legend}>{legend}</legend>
        <ul role="list" className={styles.options}>
          {places.map((place) => (
            <li key={place.id}>
              <label className={styles.option}>
                <input type="radio" value={place.id} {...form.register('place_id')} />
                <span className={styles.optionText}>
                  <span className={styles.optionName}>{place.displayName}</span>
                  <span className={styles.optionMeta}>
                    {[titleCaseType(place.primaryType), place.formattedAddress]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {errors.place_id && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errors.place_id.message}
        </p>
      )}
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      <div>
        <Button type="submit" size="sm" busy={isSubmitting} busyLabel="Saving…">
          Use this place
        </Button>
      </div>
    </form>
  );
}
