import { FilterSelect } from '@/components/FilterSelect.tsx';
import { NO_LIST, type RowFilter } from '../lib/row-filter.ts';
import { ROW_STATE_LABELS, ROW_STATES, type RowState } from '../lib/row-state.ts';
import styles from './review.module.css';

export interface ReviewFiltersProps {
  filter: RowFilter;
  counts: Record<RowState, number>;
  total: number;
  lists: readonly string[];
  onChange: (next: Partial<RowFilter>) => void;
}

const ALL = '';

/** The table's two filters, by state (with counts) and by list; both live in the URL. */
export function ReviewFilters({ filter, counts, total, lists, onChange }: ReviewFiltersProps) {
  return (
    <div className={styles.filters}>
      <FilterSelect
        label="Show"
        className={styles.filter}
        value={filter.state ?? ALL}
        options={[
          { value: ALL, label: `All places (${total})` },
          ...ROW_STATES.map((state) => ({
            value: state,
            label: `${ROW_STATE_LABELS[state]} (${counts[state]})`,
          })),
        ]}
        onChange={(value) => onChange({ state: (value || null) as RowState | null, page: 1 })}
      />
      {lists.length > 0 && (
        <FilterSelect
          label="List"
          className={styles.filter}
          value={filter.list ?? ALL}
          options={[
            { value: ALL, label: 'All lists' },
            ...lists.map((name) => ({
              value: name,
              label: name === NO_LIST ? 'On no list' : name,
            })),
          ]}
          onChange={(value) => onChange({ list: value === ALL ? null : value, page: 1 })}
        />
      )}
    </div>
  );
}
