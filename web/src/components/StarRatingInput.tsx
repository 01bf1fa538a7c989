import { Star } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { plural } from '@spotbook/contract';
import { MAX_STARS, shownStars } from './star-rating.ts';
import styles from './star-rating.module.css';

export interface StarRatingInputProps {
  /** 0 (or none) means no rating. */
  value?: number | undefined;
  onChange: (rating: number) => void;
  label?: string;
  disabled?: boolean;
  /** Lands on the chosen star (else the first), so a form can focus the rating. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * Choose 1-5 stars, or reset to none (spec §5). Each star is a real radio button laid
 * invisibly over its icon, so arrow keys move between stars, a tap lands on the input,
 * and screen readers announce '3 stars, 3 of 5'.
 */
export function StarRatingInput({
  value = 0,
  onChange,
  label = 'Rating',
  disabled = false,
  ref,
}: StarRatingInputProps) {
  const name = useId();
  const [hovered, setHovered] = useState(0);
  const selected = shownStars(value);
  const lit = hovered || selected;

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.inputRow}>
        <div className={styles.choices} onMouseLeave={() => setHovered(0)}>
          {Array.from({ length: MAX_STARS }, (_, index) => {
            const stars = index + 1;
            return (
              <span key={stars} className={styles.choice} onMouseEnter={() => setHovered(stars)}>
                <input
                  ref={stars === (selected || 1) ? ref : undefined}
                  type="radio"
                  name={name}
                  value={stars}
                  checked={selected === stars}
                  onChange={() => onChange(stars)}
                  aria-label={`${stars} ${plural(stars, 'star')}`}
                  className={styles.radio}
                />
                <span className={styles.star} aria-hidden="true">
                  <Star size={28} className={stars <= lit ? styles.filled : styles.empty} />
                </span>
              </span>
            );
          })}
        </div>
        {selected > 0 ? (
          <button type="button" className={styles.clear} onClick={() => onChange(0)}>
            Clear rating
          </button>
        ) : (
          <span className={styles.none}>No rating</span>
        )}
      </div>
    </fieldset>
  );
}
