import type { Review } from '@spotbook/contract';
import { StarRating } from '@/components/StarRating.tsx';
import { LinkifiedText } from '@/lib/outbound-links/index.ts';
import styles from './spot-page.module.css';

/** The owner's own words: stars and the review, its links made safe to follow. */
export function SpotReview({ review }: { review: Review }) {
  const text = review.review.trim();
  return (
    <section className={styles.card} aria-labelledby="spot-review">
      <h2 id="spot-review" className={styles.sectionTitle}>
        Review
      </h2>
      {review.rating >= 1 ? (
        <StarRating rating={review.rating} size={22} />
      ) : (
        <p className={styles.muted}>No rating yet.</p>
      )}
      {text ? (
        <p className={styles.reviewText}>
          <LinkifiedText text={text} />
        </p>
      ) : (
        <p className={styles.muted}>No review written yet.</p>
      )}
    </section>
  );
}
