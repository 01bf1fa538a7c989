import { Compass, House } from 'lucide-react';
import { ButtonLink } from '@/components/Button.tsx';
import styles from './simple-page.module.css';

/** `/not-found` and every unknown path. */
export default function NotFoundPage() {
  return (
    <div className={styles.centered}>
      <div className={styles.badge} aria-hidden="true">
        <Compass size={32} />
      </div>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.lead}>
        This page does not exist or has moved. If someone sent you a link to a list, ask them for a
        fresh one.
      </p>
      <ButtonLink to="/" icon={<House size={18} aria-hidden="true" />}>
        Go to home
      </ButtonLink>
    </div>
  );
}
