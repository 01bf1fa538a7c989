import { useId } from 'react';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  label: string;
  /** 0–100; null while the amount is not known yet (an indeterminate bar) */
  value: number | null;
  /** what the numbers mean, e.g. "1,204 of 5,000 places" */
  detail?: string;
}

/**
 * A labelled progress bar (role progressbar with aria-valuenow), so a screen reader can
 * ask how far along it is; the page's live region speaks the milestones.
 */
export function ProgressBar({ label, value, detail }: ProgressBarProps) {
  const labelId = useId();
  return (
    <div className={styles.progress}>
      <div className={styles.labels}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span className={styles.value} aria-hidden="true">
          {value === null ? '' : `${value}%`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={value === null ? undefined : detail ? `${value}%, ${detail}` : `${value}%`}
        className={styles.track}
        data-indeterminate={value === null || undefined}
      >
        <div className={styles.fill} style={{ width: `${value ?? 30}%` }} />
      </div>
      {detail && <p className={styles.detail}>{detail}</p>}
    </div>
  );
}
