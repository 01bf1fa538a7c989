import { Bookmark, CircleCheck, CircleSlash, ListChecks, SearchX } from 'lucide-react';
import { ROW_STATE_LABELS, type RowState } from '../lib/row-state.ts';
import styles from './review.module.css';

const ICONS = {
  matched: CircleCheck,
  choose: ListChecks,
  'not-found': SearchX,
  saved: Bookmark,
  skipped: CircleSlash,
} as const;

/** A row's state as an icon and its words (never colour alone). */
export function StateChip({ state }: { state: RowState }) {
  const Icon = ICONS[state];
  return (
    <span className={styles.chip} data-state={state}>
      <Icon size={14} aria-hidden="true" />
      {ROW_STATE_LABELS[state]}
    </span>
  );
}
