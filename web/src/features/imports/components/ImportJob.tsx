import type { ImportSummary } from '@spotbook/contract';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button, ButtonLink } from '@/components/Button.tsx';
import { Skeleton } from '@/components/Skeleton.tsx';
import { errorMessage, isApiError } from '@/lib/api.ts';
import { useImport } from '../api/get-import.ts';
import { announcedStep, isWorking, percent, progressText } from '../lib/progress.ts';
import { ImportReview } from './ImportReview.tsx';
import { ImportSummaryView, summaryText } from './ImportSummaryView.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import styles from './review.module.css';

export interface ImportJobProps {
  id: number;
  announce: (message: string) => void;
}

/** `/import/{id}`: the job's progress while the server works, then the review, then the summary. */
export function ImportJob({ id, announce }: ImportJobProps) {
  const job = useImport(id);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const data = job.data;
  const lastStep = useRef(-1);
  const lastStatus = useRef<string | null>(null);

  // The live region follows the job: every tenth while matching, then what it came to.
  useEffect(() => {
    if (!data) return;
    const step = announcedStep(percent(data.progress.done, data.progress.total));
    if (isWorking(data.status) && step !== lastStep.current) {
      lastStep.current = step;
      announce(`${progressText(data)} (${step}%)`);
    } else if (data.status !== lastStatus.current && lastStatus.current !== null) {
      if (data.status === 'ready')
        announce(`Matching finished: ${data.rows.length} places to review.`);
      if (data.status === 'failed') announce(data.detail ?? 'The import failed.');
    }
    lastStatus.current = data.status;
  }, [data, announce]);

  if (summary) return <ImportSummaryView summary={summary} />;
  if (!data) {
    if (job.isError) {
      const gone = isApiError(job.error) && job.error.status === 404;
      return (
        <Alert
          tone="error"
          title={gone ? 'This import does not exist.' : 'The import could not be loaded.'}
        >
          {gone ? (
            <p>It may have been discarded. You can start again with your file.</p>
          ) : (
            <p>{errorMessage(job.error, 'Please try again.')}</p>
          )}
          <div className={styles.actions}>
            {!gone && (
              <Button size="sm" variant="secondary" onClick={() => void job.refetch()}>
                Try again
              </Button>
            )}
            <ButtonLink size="sm" to="/import" variant="secondary">
              Import a file
            </ButtonLink>
          </div>
        </Alert>
      );
    }
    return <Skeleton label="Loading the import…" />;
  }
  if (isWorking(data.status)) {
    const { done, total } = data.progress;
    return (
      <div className={styles.progressCard}>
        <ProgressBar
          label={
            data.status === 'parsing'
              ? `Reading ${data.source}`
              : `Matching the places of ${data.source}`
          }
          value={data.status === 'parsing' && total === 0 ? null : percent(done, total)}
          detail={progressText(data)}
        />
        <p className={styles.muted}>
          You can leave this page: the import goes on, and this page's address brings you back to
          it.
        </p>
      </div>
    );
  }
  if (data.status === 'failed') {
    return (
      <Alert tone="error" title="This file could not be imported.">
        <p>{data.detail ?? 'The file could not be read.'}</p>
        <div className={styles.actions}>
          <ButtonLink size="sm" to="/import" variant="secondary">
            Try another file
          </ButtonLink>
        </div>
      </Alert>
    );
  }
  if (data.status === 'done') {
    return (
      <Alert tone="success" title="This import is complete.">
        <p>Its places are among your spots.</p>
        <div className={styles.actions}>
          <ButtonLink size="sm" to="/">
            Go to My Spots
          </ButtonLink>
          <ButtonLink size="sm" to="/import" variant="secondary">
            Import another file
          </ButtonLink>
        </div>
      </Alert>
    );
  }
  return (
    <ImportReview
      job={data}
      announce={announce}
      onConfirmed={(result) => {
        setSummary(result);
        announce(summaryText(result));
      }}
    />
  );
}
