import type { ImportRow } from '@spotbook/contract';

/** What a review row asks of the person, in the order the filter offers them. */
export const ROW_STATES = ['matched', 'choose', 'not-found', 'saved', 'skipped'] as const;
export type RowState = (typeof ROW_STATES)[number];

export const ROW_STATE_LABELS: Record<RowState, string> = {
  matched: 'Matched',
  choose: 'Choose one',
  'not-found': 'Not found',
  saved: 'Already saved',
  skipped: 'Skipped',
};

/**
 * A row's state from the server's fields: a skip wins; a match the caller already has
 * is "already saved" (confirming only adds it to the list); otherwise a match, some
 * candidates to choose from, or nothing at all.
 */
export function rowState(row: ImportRow): RowState {
  if (row.decision === 'skip') return 'skipped';
  if (row.match) return row.existing_review_id !== null ? 'saved' : 'matched';
  return row.candidates.length > 0 ? 'choose' : 'not-found';
}

/** Rows that still need the person: confirming skips them. */
export function needsAttention(state: RowState): boolean {
  return state === 'choose' || state === 'not-found';
}

export function countByState(rows: readonly ImportRow[]): Record<RowState, number> {
  const counts = Object.fromEntries(ROW_STATES.map((state) => [state, 0])) as Record<
    RowState,
    number
  >;
  for (const row of rows) counts[rowState(row)] += 1;
  return counts;
}
