import { LIMITS, listFormSchema, WARN_AT_REMAINING, type ListBody } from '@spotbook/contract';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextArea } from '@/components/form/TextArea.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { NETWORK_ERROR_DETAIL } from '@/lib/api.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { SharingSwitch } from './SharingSwitch.tsx';
import styles from './list-form.module.css';

// Sharing has no message of its own: a complaint about it shows above the form.
const FIELDS = ['name', 'description'] as const;

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
  const form = useSchemaForm(listFormSchema, {
    name: initial?.name ?? '',
    description: initial?.description ?? '',
    shareable_by_link: initial?.shareable_by_link ?? false,
  });
  const name = useTextField(form.control, 'name');
  const description = useTextField(form.control, 'description');
  const sharing = useController({ control: form.control, name: 'shareable_by_link' }).field;
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      showServerError(form.setError, FIELDS, error, NETWORK_ERROR_DETAIL);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
      <TextField
        label="Name"
        maxLength={LIMITS.listName}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.listName}
        autoComplete="off"
        // The form replaces what was clicked (Create List, Edit): typing starts here.
        autoFocus
        required
        {...name}
      />
      <TextArea
        label="Description"
        maxLength={LIMITS.listDescription}
        showRemaining
        warnAtRemaining={WARN_AT_REMAINING.listDescription}
        help="What ties these spots together? Friends see this under the title."
        rows={4}
        {...description}
      />
      <SharingSwitch
        checked={Boolean(sharing.value)}
        onChange={sharing.onChange}
        disabled={isSubmitting}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
