import { PAGE_SIZE, plural } from '@spotbook/contract';
import { Spinner } from '@/components/Spinner.tsx';
import styles from './home-spots.module.css';

/** "Spots 21–40 of 312", announced politely, with a spinner while the next page loads. */
export function ResultSummary({
  count,
  page,
  busy,
}: {
  count: number | undefined;
  page: number;
  busy: boolean;
}) {
  const first = PAGE_SIZE.reviews * (page - 1) + 1;
  const last = Math.min(count ?? 0, PAGE_SIZE.reviews * page);
  let text = '';
  if (count !== undefined && count <= PAGE_SIZE.reviews) text = `${count} ${plural(count, 'spot')}`;
  else if (count !== undefined && first <= last) text = `Spots ${first}–${last} of ${count}`;
  return (
    <div className={styles.summary}>
      <p role="status" aria-live="polite" className={styles.summaryText}>
        {text}
      </p>
      {busy && (
        <span className={styles.updating}>
          <Spinner size={14} />
          Updating…
        </span>
      )}
    </div>
  );
}
