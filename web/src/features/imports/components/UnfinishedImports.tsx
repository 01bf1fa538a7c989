import { plural } from '@spotbook/contract';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { useRecentImports } from '../api/recent-imports.ts';
import { isWorking } from '../lib/progress.ts';
import styles from './review.module.css';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Imports the person started and has not confirmed: the job went on after the page was
 * closed, so it may be ready for review now. Nothing shows when there are none.
 */
export function UnfinishedImports() {
  const recent = useRecentImports();
  const open = (recent.data?.results ?? []).filter(
    (job) => isWorking(job.status) || job.status === 'ready',
  );
  if (!open.length) return null;
  return (
    <section className={styles.unfinished} aria-labelledby="unfinished-imports">
      <h2 id="unfinished-imports" className={styles.subTitle}>
        <History size={18} aria-hidden="true" /> Pick up where you left off
      </h2>
      <ul role="list" className={styles.summaryLists}>
        {open.map((job) => (
          <li key={job.id}>
            <Link to={`/import/${job.id}`}>{job.source}</Link>
            <span className={styles.muted}>
              {`${job.progress.total} ${plural(job.progress.total, 'place')} · ${
                job.status === 'ready' ? 'ready to review' : 'matching'
              } · ${DATE.format(new Date(job.created_at))}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
