import type { Review } from '@spotbook/contract';
import { CircleCheck, Plus } from 'lucide-react';
import { Spinner } from '@/components/Spinner.tsx';
import { SpotCard } from '@/components/SpotCard/index.ts';
import styles from './add-my-spots.module.css';

export interface PickableSpotProps {
  spot: Review;
  onList: boolean;
  adding: boolean;
  onAdd: () => void;
}

/** One of the user's spots with the add overlay, or the 'Already On List' check mark. */
export function PickableSpot({ spot, onList, adding, onAdd }: PickableSpotProps) {
  const name = spot.place_details.displayName;
  const overlay = onList ? (
    <span className={styles.onList}>
      <CircleCheck size={18} aria-hidden="true" /> Already On List
    </span>
  ) : (
    <button
      type="button"
      className={styles.add}
      aria-label={`Add ${name} to list`}
      aria-busy={adding || undefined}
      disabled={adding}
      onClick={onAdd}
    >
      {adding ? <Spinner size={18} /> : <Plus size={18} aria-hidden="true" />}
      <span>{adding ? 'Adding...' : 'Add'}</span>
    </button>
  );
  return (
    <li>
      <SpotCard spot={spot} overlay={overlay} />
    </li>
  );
}
