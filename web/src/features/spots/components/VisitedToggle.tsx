import { CircleCheck, MapPin } from 'lucide-react';
import { useId } from 'react';
import { VISITED_LABEL, WANT_TO_GO_LABEL } from '@/components/VisitedIcon.tsx';
import { cx } from '@/lib/cx.ts';
import styles from './spot-edit.module.css';

/** Want to go or already visited (spec §4), as two radio buttons that look like a switch. */
export function VisitedToggle({
  visited,
  onChange,
}: {
  visited: boolean;
  onChange: (visited: boolean) => void;
}) {
  const name = useId();
  const options = [
    { value: false, label: WANT_TO_GO_LABEL, icon: <MapPin size={16} aria-hidden="true" /> },
    { value: true, label: VISITED_LABEL, icon: <CircleCheck size={16} aria-hidden="true" /> },
  ];
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Been there?</legend>
      <div className={styles.segmented}>
        {options.map((option) => (
          <label
            key={option.label}
            className={cx(
              styles.segment,
              visited === option.value && styles.segmentOn,
              option.value && styles.segmentVisited,
            )}
          >
            <input
              type="radio"
              name={name}
              className={styles.segmentInput}
              checked={visited === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
