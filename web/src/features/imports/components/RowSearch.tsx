import type { PlaceDetails } from '@spotbook/contract';
import { plural } from '@spotbook/contract';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { errorMessage } from '@/lib/api.ts';
import { useRowPlaceSearch } from '../api/search-places.ts';
import type { Point } from '../lib/search-near.ts';
import { PlacePicker } from './PlacePicker.tsx';
import styles from './fixer.module.css';

const searchSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Type what to search for.')
    .max(200, 'Keep it under 200 characters.'),
});

export interface RowSearchProps {
  initialQuery: string;
  near: Point | null;
  onPick: (place: PlaceDetails) => Promise<void>;
}

/** The places search for one row, near the row's neighbours; a result is picked like a candidate. */
export function RowSearch({ initialQuery, near, onPick }: RowSearchProps) {
  const [submitted, setSubmitted] = useState('');
  const form = useSchemaForm(searchSchema, { query: initialQuery });
  const query = useTextField(form.control, 'query');
  const search = useRowPlaceSearch(submitted, near);
  const results = search.data?.results ?? [];
  const submit = form.handleSubmit(({ query: text }) => setSubmitted(text));

  return (
    <div className={styles.section}>
      <form role="search" className={styles.searchForm} onSubmit={submit} noValidate>
        <TextField
          label="Search for the place"
          help={
            near ? 'Searches near the other places of this list.' : 'Searches cities and regions.'
          }
          maxLength={200}
          {...query}
        />
        <Button
          type="submit"
          variant="secondary"
          icon={<Search size={18} aria-hidden="true" />}
          busy={search.isFetching}
          busyLabel="Searching…"
          className={styles.searchButton}
        >
          Search
        </Button>
      </form>
      {search.isError && (
        <Alert tone="error">
          {errorMessage(search.error, 'Search is unavailable. Please try again.')}
        </Alert>
      )}
      {search.isSuccess && !search.isFetching && (
        <p role="status" className={styles.muted}>
          {results.length
            ? `${results.length} ${plural(results.length, 'place')} found.`
            : 'No places match. Try other words, or drop a pin.'}
        </p>
      )}
      {results.length > 0 && (
        <PlacePicker key={submitted} legend="Search results" places={results} onPick={onPick} />
      )}
    </div>
  );
}
