import { Star } from 'lucide-react';
import { cx } from '@/lib/cx.ts';
import { MAX_STARS, shownStars } from './star-rating.ts';
import styles from './star-rating.module.css';

export interface StarRatingProps {
  rating: number | null | undefined;
  size?: number;
  className?: string;
}

/** Read-only stars; renders nothing for a missing rating or one below 1 (spec §5). */
export function StarRating({ rating, size = 18, className }: StarRatingProps) {
  const stars = shownStars(rating);
  if (stars === 0) return null;
  return (
    <span
      className={cx(styles.stars, className)}
      role="img"
      aria-label={`Rated ${stars} out of ${MAX_STARS} stars`}
    >
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Star
          key={index}
          size={size}
          aria-hidden="true"
          className={index < stars ? styles.filled : styles.empty}
        />
      ))}
    </span>
  );
}
