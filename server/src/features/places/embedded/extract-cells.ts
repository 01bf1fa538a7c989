import { MAP } from '@spotbook/contract';
import type { LatLng } from '../provider.ts';
import { CELL_DEGREES } from './grid.ts';
import { MAX_QUERY_WORDS } from './search-text.ts';

/**
 * Rows from OpenStreetMap extracts are searched through words that carry their grid
 * cell: "Café Charlot" at a point in cell (4821, 1234) is indexed as `f0482101234cafe`
 * and `f0482101234charlot`, and "caf" near that point is the FTS5 prefix query
 * `"f0482101234caf"*`. The cell is fixed-width, so it never reads as part of a word,
 * and a prefix query merges only the words of one cell, not a category word's
 * postings country-wide (docs/decisions/022-osm-extracts.md).
 *
 * Two grids: coarse cells of CELL_DEGREES, so the ±0.15° box is at most 2×2 queries
 * when few POIs match, and fine cells 16 times smaller (about 2 × 1.4 km in France),
 * read nearest first, so "cafe" in the middle of Paris stops after a cell or two of
 * its 10⁵ POIs instead of merging all of them.
 */
export const FINE_CELL_DEGREES = CELL_DEGREES / 16;

const COARSE = 'c';
const FINE = 'f';

interface Grid {
  letter: string;
  degrees: number;
}
const COARSE_GRID: Grid = { letter: COARSE, degrees: CELL_DEGREES };
const FINE_GRID: Grid = { letter: FINE, degrees: FINE_CELL_DEGREES };

/** 'f0482101234': the grid's letter, then row and column, five digits each. */
function cellPrefix(grid: Grid, row: number, column: number): string {
  const columns = Math.round(360 / grid.degrees);
  const wrapped = ((column % columns) + columns) % columns;
  return `${grid.letter}${String(row).padStart(5, '0')}${String(wrapped).padStart(5, '0')}`;
}

function rowOf(lat: number, grid: Grid): number {
  // Clamped: a box around a point near a pole reaches past ±90°.
  const rows = Math.round(180 / grid.degrees);
  return Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / grid.degrees)));
}

/** Unwrapped: the caller's column arithmetic may step past the antimeridian. */
function columnOf(lng: number, grid: Grid): number {
  return Math.floor((lng + 180) / grid.degrees);
}

/** 'f0482101234': the fine cell of a point, what extract rows are ordered by. */
export function fineCell(lat: number, lng: number): string {
  return cellPrefix(FINE_GRID, rowOf(lat, FINE_GRID), columnOf(lng, FINE_GRID));
}

/** The searchable text of one extract row: every word once per grid, cell first. */
export function extractCellWords(lat: number, lng: number, words: Iterable<string>): string {
  const coarse = cellPrefix(COARSE_GRID, rowOf(lat, COARSE_GRID), columnOf(lng, COARSE_GRID));
  const fine = fineCell(lat, lng);
  const tokens: string[] = [];
  for (const word of new Set(words)) {
    if (word) tokens.push(coarse + word, fine + word);
  }
  return tokens.join(' ');
}

/** `"f0482101234le"* "f0482101234caf"*`: every query word starts a word of a row in the cell. */
export function cellMatchExpression(cell: string, words: string[]): string {
  return words
    .slice(0, MAX_QUERY_WORDS)
    .map((w) => `"${cell}${w}"*`)
    .join(' ');
}

/** Shorter last words are matched whole in a coarse cell (see coarseMatchExpression). */
const MIN_COARSE_PREFIX = 3;

/**
 * `"c0046200607le" "c0046200607caf"*`: for a coarse cell, whose 10⁵ POIs in a city
 * make a short prefix merge tens of thousands of postings (30 ms for "c" in Paris),
 * the words typed before the last are matched whole (FTS5 reads whole words lazily,
 * stopping at the LIMIT), and the last as a prefix only from three letters on.
 */
export function coarseMatchExpression(cell: string, words: string[]): string {
  const kept = words.slice(0, MAX_QUERY_WORDS);
  return kept
    .map((w, i) =>
      i === kept.length - 1 && w.length >= MIN_COARSE_PREFIX ? `"${cell}${w}"*` : `"${cell}${w}"`,
    )
    .join(' ');
}

/** The coarse cells the box around `near` touches (at most 2×2). */
export function coarseCellsAround(near: LatLng): string[] {
  return cellsOfBox(near, COARSE_GRID).map((c) => c.cell);
}

/**
 * The fine cells the box around `near` touches (up to 17×17), nearest first: by the
 * distance from the point to the cell's nearest edge, longitude scaled by cos(lat).
 */
export function fineCellsNearestFirst(near: LatLng): string[] {
  return cellsOfBox(near, FINE_GRID)
    .sort((a, b) => a.distance - b.distance)
    .map((c) => c.cell);
}

function cellsOfBox(near: LatLng, grid: Grid): { cell: string; distance: number }[] {
  const box = MAP.placeSearchBoxDegrees;
  const d = grid.degrees;
  const cosLat = Math.cos((near.lat * Math.PI) / 180);
  const cells: { cell: string; distance: number }[] = [];
  const firstRow = rowOf(near.lat - box, grid);
  const lastRow = rowOf(near.lat + box, grid);
  const firstColumn = columnOf(near.lng - box, grid);
  const lastColumn = columnOf(near.lng + box, grid);
  for (let row = firstRow; row <= lastRow; row++) {
    const south = row * d - 90;
    const dLat = Math.max(0, south - near.lat, near.lat - (south + d));
    for (let column = firstColumn; column <= lastColumn; column++) {
      const west = column * d - 180;
      const dLng = Math.max(0, west - near.lng, near.lng - (west + d)) * cosLat;
      cells.push({ cell: cellPrefix(grid, row, column), distance: dLat ** 2 + dLng ** 2 });
    }
  }
  return cells;
}
