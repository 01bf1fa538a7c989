import { CircleCheck, MapPin } from 'lucide-react';
import { useId } from 'react';
import { VISITED_LABEL, WANT_TO_GO_LABEL } from '@/components/VisitedIcon.tsx';
import { cx } from '@/lib/cx.ts';
import styles from './visited-choice.module.css';

export interface VisitedChoiceProps {
  visited: boolean;
  onChange: (visited: boolean) => void;
}

const CHOICES = [
  { value: false, label: WANT_TO_GO_LABEL, Icon: MapPin, tone: styles.wantToGo },
  { value: true, label: VISITED_LABEL, Icon: CircleCheck, tone: styles.visited },
];

/** Spec §4's flag as two radio buttons drawn as one segmented control (pin / check). */
export function VisitedChoice({ visited, onChange }: VisitedChoiceProps) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Have you been there?</legend>
      <div className={styles.options}>
        {CHOICES.map(({ value, label, Icon, tone }) => (
          <label
            key={label}
            className={cx(styles.option, tone, visited === value && styles.checked)}
          >
            <input
              type="radio"
              name={name}
              className={styles.radio}
              checked={visited === value}
              onChange={() => onChange(value)}
            />
            <Icon size={18} aria-hidden="true" className={styles.icon} />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
