import type { Review } from '@spotbook/contract';
import { SpotCard } from '@/components/SpotCard/index.ts';
import { cx } from '@/lib/cx.ts';
import styles from './home-spots.module.css';

export interface SpotGridProps {
  spots: readonly Review[];
  /** The next page or filter is loading: the current cards stay, dimmed. */
  busy: boolean;
}

/** The My Spots cards, as a list so screen readers announce how many there are. */
export function SpotGrid({ spots, busy }: SpotGridProps) {
  return (
    <ul
      role="list"
      aria-label="Spots"
      className={cx(styles.grid, busy && styles.gridBusy)}
      aria-busy={busy}
    >
      {spots.map((spot) => (
        <li key={spot.id} className={styles.gridItem}>
          <SpotCard spot={spot} />
        </li>
      ))}
    </ul>
  );
}
