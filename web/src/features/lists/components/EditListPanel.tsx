import type { ListDetail } from '@spotbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/components/Button.tsx';
import { listKeys } from '../api/keys.ts';
import { useUpdateList } from '../api/update-list.ts';
import { listKey, listPath } from '../lib/list-links.ts';
import { ListForm } from './ListForm.tsx';
import styles from './list-view.module.css';

export interface EditListPanelProps {
  list: ListDetail;
  /** The key in the address bar (id, current slug or an old slug). */
  urlKey: string;
  /** Sharing as the form opens: on when arriving from 'Make list shareable by link?'. */
  shareable: boolean;
  onDone: () => void;
}

/** The owner's inline edit mode: name, description and sharing (spec §2, §4). */
export function EditListPanel({ list, urlKey, shareable, onDone }: EditListPanelProps) {
  const update = useUpdateList(list.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return (
    <section className={styles.editPanel} aria-labelledby="edit-list-title">
      <h1 id="edit-list-title" className={styles.editTitle}>
        Edit list
      </h1>
      <ListForm
        initial={{ name: list.name, description: list.description, shareable_by_link: shareable }}
        submitLabel="Save"
        busyLabel="Saving..."
        secondary={
          <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        }
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          // The link follows the new slug (or the id once private). Old slugs keep
          // answering, but the address bar should show the link friends would get.
          const nextKey = listKey(saved);
          if (nextKey !== urlKey) {
            queryClient.setQueryData<ListDetail>(listKeys.detail(nextKey), {
              ...list,
              ...saved,
            });
            await navigate(listPath(saved), { replace: true });
          }
          onDone();
        }}
      />
    </section>
  );
}
