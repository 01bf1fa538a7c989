import { Skeleton } from '@/components/Skeleton.tsx';
import styles from './layout/layout.module.css';

/** Shown while the first page's code loads: the app's frame with placeholder lines. */
export function AppLoading() {
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <div className={styles.topbarInner}>
          <img src="/logo.svg" alt="Spotbook" width={168} height={40} className={styles.logo} />
        </div>
      </header>
      <main className={styles.main}>
        <div className={styles.content}>
          <Skeleton lines={5} />
        </div>
      </main>
    </div>
  );
}
