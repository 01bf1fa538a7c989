import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** Spec §4: 5 lines when the count exceeds the page size, otherwise 3. */
  lines?: 3 | 5;
  /** Read to screen readers while loading. */
  label?: string;
}

/** Grey placeholder lines shown while something loads, so no page is ever blank. */
export function Skeleton({ lines = 3, label = 'Loading…' }: SkeletonProps) {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={styles.line} aria-hidden="true" />
      ))}
    </div>
  );
}
