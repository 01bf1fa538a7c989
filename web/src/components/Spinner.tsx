import { LoaderCircle } from 'lucide-react';
import styles from './spinner.module.css';

/** A small turning circle; decorative, the surrounding text says what is happening. */
export function Spinner({ size = 18 }: { size?: number }) {
  return <LoaderCircle className={styles.spinner} size={size} aria-hidden="true" />;
}
