import type Database from 'better-sqlite3';
import type { LatLng } from '../provider.ts';
import {
  cellMatchExpression,
  coarseCellsAround,
  coarseMatchExpression,
  fineCellsNearestFirst,
} from './extract-cells.ts';
import { isInBox } from './grid.ts';
import { RANKING_COLUMNS, type RankingColumns } from './ranking.ts';
import { objectRows } from '../../../db/row-objects.ts';

/**
 * How many extract matches inside the box are ranked (the answer shows 20): read
 * nearest first, 100 hold the 20 best; each costs a row read (bench: 200 → 100 halved
 * the row reads, the larger half of a search).
 */
const EXTRACT_CANDIDATES = 100;
/**
 * How many fine cells are read, nearest first, before the search turns to the coarse
 * cells: about the 3×3 fine cells around the point and the next ring's nearest. A
 * query that found fewer than EXTRACT_CANDIDATES there matches little, so the coarse
 * cells' postings for it are few too.
 */
const FINE_CELL_BUDGET = 12;

/**
 * kind=place candidates among the rows of OpenStreetMap extracts, from `extract_fts`
 * (extract-cells.ts): fine cells nearest first until enough are found, else the
 * coarse cells of the whole box. Each query merges the words of one cell only, so
 * the cost follows how many POIs the cell holds, not the country.
 */
export function extractCandidates(
  db: Database.Database,
): (words: string[], near: LatLng) => RankingColumns[] {
  const loaded = db.prepare('SELECT 1 FROM extracts LIMIT 1').pluck().get() !== undefined;
  if (!loaded) return () => [];
  // `LIMIT ? + 0`: planned once, not on every run as a bare `?` (db/limits-at-run-time.ts).
  const inCell = objectRows(
    db.prepare<[string, number], RankingColumns>(`
    SELECT ${RANKING_COLUMNS} FROM (
      SELECT rowid AS pos FROM extract_fts WHERE extract_fts MATCH ? LIMIT ? + 0
    ) AS m JOIN places AS p ON p.pos = m.pos`),
  );

  return (words, near) => {
    const found = new Map<number, RankingColumns>();
    const read = (expression: string, limit: number) => {
      for (const row of inCell.all(expression, limit)) {
        if (isInBox(row, near)) found.set(row.pos, row);
      }
    };
    for (const cell of fineCellsNearestFirst(near).slice(0, FINE_CELL_BUDGET)) {
      read(cellMatchExpression(cell, words), EXTRACT_CANDIDATES - found.size);
      if (found.size >= EXTRACT_CANDIDATES) return [...found.values()];
    }
    // Few matches near the point: the rest of the box, the most important first.
    for (const cell of coarseCellsAround(near)) {
      if (found.size >= EXTRACT_CANDIDATES) break;
      read(coarseMatchExpression(cell, words), EXTRACT_CANDIDATES);
    }
    return [...found.values()];
  };
}
