import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { plural } from '@spotbook/contract';
import { SharingBadge } from './SharingBadge.tsx';
import styles from './list-row.module.css';

export interface ListRowProps {
  to: string;
  name: string;
  /** A line under the name, e.g. '3 spots' or 'by ada'. */
  meta: string;
  /** Own lists show whether friends can open them; followed lists are always shared. */
  shared?: boolean;
}

/** Design brief: a list row is its name, spot count and private / shared badge; one link. */
export function ListRow({ to, name, meta, shared }: ListRowProps) {
  return (
    <li>
      <Link to={to} className={styles.row}>
        <span className={styles.text}>
          <span className={styles.name}>{name}</span>
          <span className={styles.meta}>{meta}</span>
        </span>
        {shared !== undefined && <SharingBadge shared={shared} sharedLabel="Shared" />}
        <ChevronRight size={18} className={styles.chevron} aria-hidden="true" />
      </Link>
    </li>
  );
}

export function spotCount(count: number): string {
  return `${count} ${plural(count, 'spot')}`;
}
