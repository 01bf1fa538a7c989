import { Spinner } from '@/components/Spinner.tsx';
import styles from './map-loading.module.css';

/** 'Loading map…' at the map's top left, while its code or its first frame is on the way. */
export function MapLoading() {
  return (
    <span className={styles.loading} role="status">
      <Spinner size={16} />
      Loading map…
    </span>
  );
}
