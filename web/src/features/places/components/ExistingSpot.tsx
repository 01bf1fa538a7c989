import { CircleCheck } from 'lucide-react';
import { ButtonLink } from '@/components/Button.tsx';
import styles from './new-spot.module.css';

/** Spec §4: a spot of this place exists and no list is targeted → View Spot. */
export function ExistingSpot({ reviewId, message }: { reviewId: number; message?: string }) {
  return (
    <section className={styles.existing} aria-labelledby="existing-spot-title">
      <CircleCheck className={styles.existingIcon} size={24} aria-hidden="true" />
      <div className={styles.stack}>
        <h2 id="existing-spot-title" className={styles.sectionTitle}>
          {message ?? 'You already have a spot for this place'}
        </h2>
        <ButtonLink to={`/reviews/${reviewId}`}>View Spot</ButtonLink>
      </div>
    </section>
  );
}
