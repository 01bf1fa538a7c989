import type { ImportRow } from '@spotbook/contract';
import { ROW_STATES, rowState, type RowState } from './row-state.ts';

/** The review table's filters as they sit in the URL (`?state=choose&list=Paris`). */
export interface RowFilter {
  state: RowState | null;
  /** a list's name; `NO_LIST` for rows on no list; null for every list */
  list: string | null;
  /** 1-based */
  page: number;
}

/** The filter value for rows the file put on no list (no list may be named this way). */
export const NO_LIST = '\u0000none';

export function readRowFilter(params: URLSearchParams): RowFilter {
  const state = params.get('state');
  const page = Number(params.get('page'));
  return {
    state: ROW_STATES.includes(state as RowState) ? (state as RowState) : null,
    list: params.get('list'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's search params for a filter; defaults are left out so links stay short. */
export function writeRowFilter(filter: RowFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.list !== null) params.set('list', filter.list);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** The rows the filter shows, and those in `keep` (just fixed: they stay where they were). */
export function filterRows(
  rows: readonly ImportRow[],
  filter: RowFilter,
  keep: ReadonlySet<number> = new Set(),
): ImportRow[] {
  return rows.filter(
    (row) =>
      keep.has(row.index) ||
      ((filter.state === null || rowState(row) === filter.state) &&
        (filter.list === null || (row.list_name ?? NO_LIST) === filter.list)),
  );
}

/** The lists the file names, in the order they first appear, then "no list" if any row has none. */
export function listNames(rows: readonly ImportRow[]): string[] {
  const names = new Set<string>();
  let unlisted = false;
  for (const row of rows) {
    if (row.list_name === null) unlisted = true;
    else names.add(row.list_name);
  }
  return unlisted ? [...names, NO_LIST] : [...names];
}
