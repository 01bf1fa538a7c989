import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cx } from '@/lib/cx.ts';
import styles from './filter-select.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  /** the caller's layout for the label-and-select block (its width in a row of filters) */
  className?: string;
}

/**
 * A labelled native select for filters and sorts (My Spots, the import review): the
 * platform's own picker on phones, the arrow keys on desktops. A value the options lack
 * (an old bookmark) is still shown, not dropped.
 */
export function FilterSelect({ label, value, options, onChange, className }: FilterSelectProps) {
  const id = useId();
  const known = options.some((option) => option.value === value);
  return (
    <div className={cx(styles.filter, className)}>
      <label htmlFor={id} className={styles.label}>
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
          {!known && <option value={value}>{value}</option>}
        </select>
        <ChevronDown size={16} className={styles.icon} aria-hidden="true" />
      </div>
    </div>
  );
}
