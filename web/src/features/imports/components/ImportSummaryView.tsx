import type { ImportSummary } from '@spotbook/contract';
import { plural } from '@spotbook/contract';
import { CircleCheck, List } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/Button.tsx';
import styles from './review.module.css';

/** The summary sentence, also what the live region says. */
export function summaryText(summary: ImportSummary): string {
  return (
    `Import complete: ${summary.created} new ${plural(summary.created, 'spot')}, ` +
    `${summary.already_had} already saved, ${summary.skipped} skipped.`
  );
}

/** After confirming: what was created and links to the lists the file made. */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Focus follows the result, so keyboard users start from here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className={styles.summary} aria-labelledby="import-summary-title">
      <CircleCheck size={32} aria-hidden="true" className={styles.summaryIcon} />
      <h2 id="import-summary-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        Import complete
      </h2>
      <p>{summaryText(summary).replace(/^Import complete: /, '')}</p>
      {summary.lists.length > 0 && (
        <>
          <h3 className={styles.subTitle}>Your lists</h3>
          <ul role="list" className={styles.summaryLists}>
            {summary.lists.map((list) => (
              <li key={list.id}>
                <List size={16} aria-hidden="true" />
                <Link to={`/lists/${list.id}`}>{list.name}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={styles.actions}>
        <ButtonLink to="/">Go to My Spots</ButtonLink>
        <ButtonLink to="/import" variant="secondary">
          Import another file
        </ButtonLink>
      </div>
    </section>
  );
}
