import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import styles from './gallery-controls.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

/**
 * A labelled native select: the platform's own picker on phones, the arrow keys on
 * desktops. A value the options lack (an old bookmark) is still shown, not dropped.
 */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const id = useId();
  const known = options.some((option) => option.value === value);
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
          {!known && <option value={value}>{value}</option>}
        </select>
        <ChevronDown size={16} className={styles.selectIcon} aria-hidden="true" />
      </div>
    </div>
  );
}
