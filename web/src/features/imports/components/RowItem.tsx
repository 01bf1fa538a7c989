/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role --
   the table's roles are written out: its phone layout (display: block) makes Chromium and
   Safari drop the elements' own table semantics, and the roles bring them back. */
import { IMPORT_NEW_CUSTOM_PLACE_ID, type ImportRow } from '@spotbook/contract';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/Button.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useUpdateImportRow } from '../api/update-row.ts';
import { rowState, type RowState } from '../lib/row-state.ts';
import { RowFixer } from './RowFixer.tsx';
import { StateChip } from './StateChip.tsx';
import styles from './review.module.css';

export interface RowItemProps {
  importId: number;
  row: ImportRow;
  rows: readonly ImportRow[];
  open: boolean;
  onToggle: () => void;
  onFixed: (message: string) => void;
}

const TOGGLE_WORDS: Record<RowState, string> = {
  matched: 'Change',
  saved: 'Change',
  choose: 'Choose',
  'not-found': 'Find',
  skipped: 'Find',
};

function Becomes({ row, state }: { row: ImportRow; state: RowState }) {
  if (state === 'skipped') return <span className={styles.muted}>Not imported</span>;
  if (row.match) {
    return (
      <>
        <span className={styles.placeName}>{row.match.displayName}</span>
        {row.match.id === IMPORT_NEW_CUSTOM_PLACE_ID && (
          <span className={styles.muted}>A new pin at the file&apos;s coordinates</span>
        )}
        {row.match.formattedAddress && (
          <span className={styles.muted}>{row.match.formattedAddress}</span>
        )}
        {row.existing_review_id !== null && (
          <Link to={`/reviews/${row.existing_review_id}`} className={styles.existingSpot}>
            {row.existing_cover && (
              <img
                className={styles.existingCover}
                src={row.existing_cover.thumb_url}
                alt=""
                data-picture="photo"
                width={48}
                height={36}
                loading="lazy"
              />
            )}
            Your spot
          </Link>
        )}
      </>
    );
  }
  if (state === 'choose') return <span>{`${row.candidates.length} places could be it`}</span>;
  return <span className={styles.muted}>{row.problem ?? 'No place found'}</span>;
}

/**
 * One row of the file: a table row (a card on phones) and, opened, its fixer under it.
 * The table roles are spelled out because the phone layout's `display: block` makes
 * Chromium and Safari drop the elements' own table semantics.
 */
export function RowItem({ importId, row, rows, open, onToggle, onFixed }: RowItemProps) {
  const state = rowState(row);
  const update = useUpdateImportRow(importId);
  const fixerId = `import-row-${row.index}-fix`;
  const skipped = state === 'skipped';

  function setDecision() {
    const decision = skipped ? 'create' : 'skip';
    update.mutate(
      { index: row.index, patch: { decision } },
      { onSuccess: () => onFixed(`${row.name} ${skipped ? 'will be imported' : 'is skipped'}.`) },
    );
  }

  return (
    <tbody role="rowgroup" className={styles.rowGroup} data-state={state} data-row={row.index}>
      <tr role="row">
        <th role="rowheader" scope="row" className={styles.nameCell}>
          <span className={styles.rowName}>{row.name}</span>
          {row.list_name && <span className={styles.muted}>{row.list_name}</span>}
        </th>
        <td role="cell" className={styles.noteCell} data-label="Note">
          {row.note ? (
            <p className={styles.note}>{row.note}</p>
          ) : (
            <span className={styles.muted}>—</span>
          )}
          {row.note_truncated && (
            <p className={styles.warning}>
              <TriangleAlert size={14} aria-hidden="true" /> Cut at 800 characters
            </p>
          )}
        </td>
        <td role="cell" data-label="State">
          <StateChip state={state} />
        </td>
        <td role="cell" className={styles.becomesCell} data-label="Becomes">
          <Becomes row={row} state={state} />
        </td>
        <td role="cell" className={styles.actionsCell}>
          {!skipped && (
            <Button
              size="sm"
              variant={state === 'choose' || state === 'not-found' ? 'primary' : 'secondary'}
              aria-expanded={open}
              aria-controls={open ? fixerId : undefined}
              onClick={onToggle}
            >
              {TOGGLE_WORDS[state]} <span className="visually-hidden">{row.name}</span>
            </Button>
          )}
          <Button
            size="sm"
            variant="quiet"
            busy={update.isPending}
            busyLabel="Saving…"
            onClick={setDecision}
          >
            {skipped ? 'Include' : 'Skip'} <span className="visually-hidden">{row.name}</span>
          </Button>
          {update.isError && (
            <p className={styles.rowError} role="alert">
              {errorMessage(update.error, 'That did not work. Please try again.')}
            </p>
          )}
        </td>
      </tr>
      {open && !skipped && (
        <tr role="row" className={styles.fixerRow}>
          <td role="cell" colSpan={5}>
            <RowFixer id={fixerId} importId={importId} row={row} rows={rows} onFixed={onFixed} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
