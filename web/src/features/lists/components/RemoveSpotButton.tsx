import { X } from 'lucide-react';
import { errorMessage } from '@/lib/api.ts';
import { useRemoveSpotFromList } from '../api/list-entries.ts';
import styles from './list-spots.module.css';

/** The owner's per-spot Remove control (spec §2): the spot leaves the list, not the notebook. */
export function RemoveSpotButton({
  listId,
  reviewId,
  placeName,
}: {
  listId: number;
  reviewId: number;
  placeName: string;
}) {
  const remove = useRemoveSpotFromList(listId);
  return (
    <button
      type="button"
      className={styles.remove}
      aria-label={`Remove ${placeName} from this list`}
      title="Remove from this list"
      disabled={remove.isPending}
      aria-busy={remove.isPending || undefined}
      onClick={() =>
        remove.mutate(reviewId, {
          onError: (error) =>
            window.alert(errorMessage(error, 'The spot could not be removed from the list.')),
        })
      }
    >
      <X size={16} aria-hidden="true" />
      <span className={styles.removeText}>{remove.isPending ? 'Removing...' : 'Remove'}</span>
    </button>
  );
}
