import type { ListSummary } from '@spotbook/contract';
import { Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/Skeleton.tsx';
import styles from './spot-edit.module.css';

export interface ListChoicesProps {
  /** The owner's lists; undefined while loading. */
  lists: readonly ListSummary[] | undefined;
  /** Ids of the lists the spot should be on; null while the current ones load. */
  selected: ReadonlySet<number> | null;
  onToggle: (id: number, on: boolean) => void;
  error?: string | undefined;
  /** The lists could not be loaded: the spot's lists are then left as they are. */
  failed?: boolean;
}

/** A checkbox per list of the owner: checked = the spot is (to be) on it. */
export function ListChoices({ lists, selected, onToggle, error, failed }: ListChoicesProps) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? 'spot-lists-error' : undefined}>
      <legend className={styles.legend}>Lists</legend>
      {failed ? (
        <p className={styles.help}>
          Your lists could not be loaded, so the lists of this spot stay as they are.
        </p>
      ) : !lists || !selected ? (
        <Skeleton lines={3} label="Loading your lists…" />
      ) : lists.length === 0 ? (
        <p className={styles.help}>
          You have no lists yet. <Link to="/newlist">Create a list</Link> to group your spots.
        </p>
      ) : (
        <ul role="list" className={styles.checkList}>
          {lists.map((list) => (
            <li key={list.id}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={selected.has(list.id)}
                  onChange={(event) => onToggle(list.id, event.target.checked)}
                />
                <span className={styles.checkName}>{list.name}</span>
                {list.shareable_by_link ? (
                  <Users size={14} className={styles.checkIcon} aria-label="shared" role="img" />
                ) : (
                  <Lock size={14} className={styles.checkIcon} aria-label="private" role="img" />
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="spot-lists-error" className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
