import { Skeleton } from './Skeleton.tsx';
import styles from './page-skeleton.module.css';

/** A whole page while it loads: a title bar and a few lines, never a blank screen. */
export function PageSkeleton({ lines = 5 }: { lines?: 3 | 5 }) {
  return (
    <div className={styles.page}>
      <span className={styles.title} aria-hidden="true" />
      <Skeleton lines={lines} />
    </div>
  );
}
