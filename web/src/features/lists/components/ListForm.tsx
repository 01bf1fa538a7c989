import {
  LIMITS,
  LIST_MESSAGES,
  listFormSchema,
  WARN_AT_REMAINING,
  type ListBody,
} from '@spotbook/contract';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextArea } from '@/components/form/TextArea.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { NETWORK_ERROR_DETAIL } from '@/lib/api.ts';
import { useZodForm } from '@/lib/forms.ts';
import { SharingSwitch } from './SharingSwitch.tsx';
import styles from './list-form.module.css';

/**
 * The shared schema's text fields (the form hook holds strings; the switch is its own
 * state). `name` is the shared rule itself; `description` is the same rule and message
 * without the shared one's null handling, which a text box never needs.
 */
const listFieldsSchema = z.object({
  name: listFormSchema.shape.name,
  description: z.string().trim().max(LIMITS.listDescription, LIST_MESSAGES.descriptionTooLong),
});

export interface ListFormProps {
  initial?: { name: string; description: string; shareable_by_link: boolean };
  submitLabel: string;
  busyLabel: string;
  /** Rejects with the API's error, which lands on its fields. */
  onSubmit: (body: ListBody) => Promise<void>;
  /** Extra buttons beside submit, e.g. Cancel in edit mode. */
  secondary?: ReactNode;
}

/** Name, description and sharing: /newlist and the list page's edit mode (spec §2, §5). */
export function ListForm({ initial, submitLabel, busyLabel, onSubmit, secondary }: ListFormProps) {
  const form = useZodForm(listFieldsSchema, {
    name: initial?.name ?? '',
    description: initial?.description ?? '',
  });
  const [shareable, setShareable] = useState(initial?.shareable_by_link ?? false);

  const submit = form.handleSubmit(async (fields) => {
    try {
      await onSubmit({ ...fields, shareable_by_link: shareable });
    } catch (error) {
      form.showServerError(error, NETWORK_ERROR_DETAIL);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField
        label="Name"
        maxLength={LIMITS.listName}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.listName}
        autoComplete="off"
        // The form replaces what was clicked (Create List, Edit): typing starts here.
        autoFocus
        required
        {...form.field('name')}
      />
      <TextArea
        label="Description"
        maxLength={LIMITS.listDescription}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.listDescription}
        help="What ties these spots together? Friends see this under the title."
        rows={4}
        {...form.field('description')}
      />
      <SharingSwitch checked={shareable} onChange={setShareable} disabled={form.submitting} />
      <div className={styles.actions}>
        <Button type="submit" busy={form.submitting} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
