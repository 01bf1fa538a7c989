import type { ImportRow } from '@spotbook/contract';
import { Suspense, useMemo } from 'react';
import { SpotMap, type MapPin } from '@/features/map';
import { ROW_STATE_LABELS, rowState } from '../lib/row-state.ts';
import { rowPoint } from '../lib/search-near.ts';
import styles from './review.module.css';

/**
 * Every shown row that has a point, titled with its state so the map's pin list reads
 * "Louvre Museum (Matched)". Rows still without a place use the file's point.
 */
export function ReviewMap({
  rows,
  selected,
}: {
  rows: readonly ImportRow[];
  selected: number | null;
}) {
  const pins = useMemo(
    () =>
      rows.flatMap((row): MapPin[] => {
        const point = rowPoint(row);
        if (!point) return [];
        const title = `${row.match?.displayName ?? row.name} (${ROW_STATE_LABELS[rowState(row)]})`;
        return [{ id: row.index, title, ...point }];
      }),
    [rows],
  );
  return (
    <Suspense fallback={<div className={styles.mapFallback} aria-hidden="true" />}>
      <SpotMap
        pins={pins}
        emptyMessage="No place on the map yet"
        ariaLabel="Map of the places in this import"
        height={320}
        {...(selected !== null ? { selectedId: selected } : {})}
      />
    </Suspense>
  );
}
