import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
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

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <div className={styles.selectWrap}>
        <select
          id={id}
          className={styles.select}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown size={16} className={styles.selectIcon} aria-hidden="true" />
      </div>
    </div>
  );
}

/** The table's two filters, by state (with counts) and by list; both live in the URL. */
export function ReviewFilters({ filter, counts, total, lists, onChange }: ReviewFiltersProps) {
  return (
    <div className={styles.filters}>
      <Select
        label="Show"
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
        <Select
          label="List"
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
