import type { Import } from '@spotbook/contract';

/** Polling stops once the server has nothing more to do on its own. */
export function isWorking(status: Import['status']): boolean {
  return status === 'parsing' || status === 'matching';
}

/** A whole percentage for a progress bar; 0 while the total is not known yet. */
export function percent(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** What the live region says while the server reads and matches. */
export function progressText(job: Pick<Import, 'status' | 'progress'>): string {
  const { done, total } = job.progress;
  if (job.status === 'parsing') return 'Reading the file…';
  if (job.status === 'matching')
    return `Matching places: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
  return job.status === 'failed' ? 'The import failed.' : 'Every place is matched.';
}

/**
 * The live region speaks every tenth: often enough to follow, rarely enough not to
 * drown the screen reader in numbers.
 */
export function announcedStep(value: number): number {
  return Math.floor(value / 10) * 10;
}
