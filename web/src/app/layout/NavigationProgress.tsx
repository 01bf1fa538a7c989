import { useNavigation } from 'react-router';
import styles from './layout.module.css';

/** A thin bar under the top bar while the next page's code or data loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className={styles.progress} role="progressbar" aria-label="Loading page">
      <span className={styles.progressBar} />
    </div>
  );
}
