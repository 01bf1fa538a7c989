import { Link2, Lock } from 'lucide-react';
import styles from './sharing-badge.module.css';

/** Whether friends can open a list by its link: 'Shared…' with a link icon, or 'Private'. */
export function SharingBadge({ shared, sharedLabel }: { shared: boolean; sharedLabel: string }) {
  return (
    <span className={styles.badge} data-shared={shared}>
      {shared ? <Link2 size={14} aria-hidden="true" /> : <Lock size={14} aria-hidden="true" />}
      {shared ? sharedLabel : 'Private'}
    </span>
  );
}
