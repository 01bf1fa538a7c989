import type { ImportSummary } from '@spotbook/contract';
import { importConfirmSchema, plural } from '@spotbook/contract';
import { CircleCheck, MapPin } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { useSchemaForm } from '@/components/form/use-schema-form.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { useConfirmImport } from '../api/confirm-import.ts';
import type { RowState } from '../lib/row-state.ts';
import styles from './review.module.css';

/** The radios give text; the contract's schema takes the boolean. */
const confirmFormSchema = z.object({
  visited: z
    .enum(['false', 'true'])
    .transform((value) => value === 'true')
    .pipe(importConfirmSchema.shape.visited.unwrap()),
});

const CONFIRM_FAILED = 'The import could not be finished. Please try again.';

export interface ConfirmPanelProps {
  importId: number;
  counts: Record<RowState, number>;
  onConfirmed: (summary: ImportSummary) => void;
}

/** "Want to go" (the default) or "Mark all as visited", and the one button that creates everything. */
export function ConfirmPanel({ importId, counts, onConfirmed }: ConfirmPanelProps) {
  const id = useId();
  const confirm = useConfirmImport(importId);
  const form = useSchemaForm(confirmFormSchema, { visited: 'false' });
  const { errors } = form.formState;
  const creating = counts.matched;
  const adding = counts.saved;
  const unresolved = counts.choose + counts['not-found'];
  const importing = creating + adding;

  const submit = form.handleSubmit(async ({ visited }) => {
    try {
      onConfirmed(await confirm.mutateAsync(visited));
    } catch (error) {
      showServerError(form.setError, [], error, CONFIRM_FAILED);
    }
  });

  return (
    <section className={styles.confirm} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        Import
      </h2>
      <form onSubmit={submit} noValidate className={styles.confirmForm}>
        <fieldset className={styles.visitedChoice}>
          <legend className={styles.filterLabel}>Mark the new spots as</legend>
          <label className={styles.visitedOption}>
            <input type="radio" value="false" {...form.register('visited')} />
            <MapPin size={18} aria-hidden="true" /> Want to go
          </label>
          <label className={styles.visitedOption}>
            <input type="radio" value="true" {...form.register('visited')} />
            <CircleCheck size={18} aria-hidden="true" /> Mark all as visited
          </label>
        </fieldset>
        <p className={styles.muted}>
          Places whose file says whether you have been there keep what it says.
        </p>
        <ul role="list" className={styles.tally}>
          <li>{`${creating} new ${plural(creating, 'spot')}`}</li>
          <li>{`${adding} already saved (added to their lists)`}</li>
          <li>{`${counts.skipped + unresolved} skipped`}</li>
        </ul>
        {unresolved > 0 && (
          <Alert tone="warning">
            {`${unresolved} ${plural(unresolved, 'place')} still ${unresolved === 1 ? 'has' : 'have'} no match and will be skipped unless you find ${unresolved === 1 ? 'it' : 'them'}.`}
          </Alert>
        )}
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button
            type="submit"
            busy={confirm.isPending}
            busyLabel="Importing…"
            disabled={importing === 0}
          >
            {`Import ${importing} ${plural(importing, 'place')}`}
          </Button>
        </div>
      </form>
    </section>
  );
}
