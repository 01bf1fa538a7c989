import { Compass } from 'lucide-react';
import { useExampleLists } from '../api/example-lists.ts';
import { ListRow, spotCount } from './ListRow.tsx';
import styles from './home-lists.module.css';

/**
 * Spec §4: with nothing followed, a hint and two example public lists, so the next
 * step (open a friend's list and follow it) is one click away.
 */
export function ExampleLists() {
  const { data: examples = [] } = useExampleLists();
  return (
    <div className={styles.hint}>
      <p className={styles.hintText}>
        <Compass size={18} aria-hidden="true" className={styles.hintIcon} />
        <span>
          You are not following any lists yet. When a friend sends you a list, open it and choose
          Follow List to keep it here.
          {examples.length > 0 && ' Start with one of these:'}
        </span>
      </p>
      {examples.length > 0 && (
        <ul role="list" className={styles.rows} aria-label="Example lists">
          {examples.map((list) => (
            <ListRow
              key={list.slug}
              to={`/lists/${encodeURIComponent(list.slug)}`}
              name={list.name}
              meta={`by ${list.owner_username} · ${spotCount(list.spot_count)}`}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
