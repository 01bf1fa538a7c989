/* eslint-disable jsx-a11y/no-redundant-roles --
   the table's roles are written out: its phone layout (display: block) makes Chromium and
   Safari drop the elements' own table semantics, and the roles bring them back. */
import type { Import, ImportSummary } from '@spotbook/contract';
import { plural } from '@spotbook/contract';
import { useMemo, useState } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Pager } from '@/components/Pager.tsx';
import { pageOffset } from '@/components/pager.ts';
import { filterRows, listNames, type RowFilter } from '../lib/row-filter.ts';
import { countByState } from '../lib/row-state.ts';
import { ConfirmPanel } from './ConfirmPanel.tsx';
import { DiscardImport } from './DiscardImport.tsx';
import { ReviewFilters } from './ReviewFilters.tsx';
import { ReviewMap } from './ReviewMap.tsx';
import { useRowFilter } from './use-row-filter.ts';
import { RowItem } from './RowItem.tsx';
import styles from './review.module.css';

/** Rows per page: a long Takeout file stays quick to draw and to read through. */
export const ROWS_PER_PAGE = 50;

export interface ImportReviewProps {
  job: Import;
  announce: (message: string) => void;
  onConfirmed: (summary: ImportSummary) => void;
}

/**
 * The review step (issue 12): every row with its state, filterable by state and list,
 * on a map and in a table (cards on phones); each row can be fixed or skipped; then
 * confirm. A row fixed while a filter hides its new state stays until the filter changes.
 */
export function ImportReview({ job, announce, onConfirmed }: ImportReviewProps) {
  const [filter, setFilter] = useRowFilter();
  const [openRow, setOpenRow] = useState<number | null>(null);
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const rows = job.rows;
  const counts = useMemo(() => countByState(rows), [rows]);
  const lists = useMemo(() => listNames(rows), [rows]);
  const shown = useMemo(() => filterRows(rows, filter, kept), [rows, filter, kept]);
  const page = shown.slice(
    pageOffset(filter.page, ROWS_PER_PAGE),
    pageOffset(filter.page + 1, ROWS_PER_PAGE),
  );
  const cut = rows.filter((row) => row.note_truncated).length;

  function change(next: Partial<RowFilter>) {
    setKept(new Set());
    setOpenRow(null);
    setFilter(next);
  }

  function fixed(index: number, message: string) {
    setKept((current) => new Set(current).add(index));
    setOpenRow(null);
    announce(message);
  }

  return (
    <div className={styles.review}>
      <p className={styles.muted}>
        {`${rows.length} ${plural(rows.length, 'place')} from ${job.source}. Check the matches, find the missing ones, then import.`}
      </p>
      {cut > 0 && (
        <Alert tone="warning">
          {`${cut} ${plural(cut, 'note')} ${cut === 1 ? 'is' : 'are'} longer than 800 characters and will be cut to fit a review.`}
        </Alert>
      )}
      <ReviewFilters
        filter={filter}
        counts={counts}
        total={rows.length}
        lists={lists}
        onChange={change}
      />
      <ReviewMap rows={shown} selected={openRow} />
      <p className={styles.muted} role="status">
        {`Showing ${shown.length} of ${rows.length} ${plural(rows.length, 'place')}`}
      </p>
      {shown.length > 0 && (
        <div className={styles.tableWrap}>
          <table role="table" className={styles.table}>
            <caption className="visually-hidden">Places in the file</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th role="columnheader" scope="col">
                  Place in your file
                </th>
                <th role="columnheader" scope="col">
                  Note
                </th>
                <th role="columnheader" scope="col">
                  State
                </th>
                <th role="columnheader" scope="col">
                  Becomes
                </th>
                <th role="columnheader" scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            {page.map((row) => (
              <RowItem
                key={row.index}
                importId={job.id}
                row={row}
                rows={rows}
                open={openRow === row.index}
                onToggle={() => setOpenRow((current) => (current === row.index ? null : row.index))}
                onFixed={(message) => fixed(row.index, message)}
              />
            ))}
          </table>
        </div>
      )}
      <Pager
        count={shown.length}
        pageSize={ROWS_PER_PAGE}
        page={filter.page}
        onPageChange={(next) => change({ page: next })}
        label="Import pages"
      />
      <ConfirmPanel importId={job.id} counts={counts} onConfirmed={onConfirmed} />
      <DiscardImport importId={job.id} />
    </div>
  );
}
