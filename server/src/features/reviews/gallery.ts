import type { ReviewsPage } from '@spotbook/contract';
import type { Db, DialectName } from '../../db/connection.ts';
import { galleryVersionReader } from './gallery-cache.ts';
import { GalleryPositions, type Positions } from './gallery-positions.ts';
import { indexWalk, type OrderSource } from './gallery-index-walk.ts';
import { isPlainSearch, sqliteFtsWalk } from './gallery-sqlite-search.ts';
import { presentSpots, SPOT_COLUMNS } from './presenter.ts';
import { queryWords } from './search-text.ts';
import type { GalleryQuery } from './sort-keys.ts';

export type { GalleryQuery } from './sort-keys.ts';

export interface GalleryOptions {
  /** Positions between two cached marks (gallery-positions.ts). */
  step?: number;
  /**
   * From this many search matches on, a search walks the sort or filter index and tests
   * each entry against the matches instead of reading and sorting every match.
   */
  broadSearch?: number;
}

/**
 * The gallery of one app instance: `(userId, query, version?) → page and count`
 * (docs/decisions/004-gallery-query.md). A page's ids are picked on a covering index,
 * seeking to a cached mark near the offset (never walking a deep offset), and only the
 * `limit` rows found are read with their places and photos. Counts are kept with the
 * marks, per gallery version. `version` is the one the response cache read; without it
 * the version is read here.
 */
export function galleryReader(db: Db, dialect: DialectName, options: GalleryOptions = {}) {
  const positions = new GalleryPositions(options.step);
  const broadSearch = options.broadSearch ?? 1000;
  const readVersion = galleryVersionReader(db);
  return async (userId: number, q: GalleryQuery, version?: number): Promise<ReviewsPage> => {
    const at = positions.of(userId, q, version ?? (await readVersion(userId)));
    const source =
      dialect === 'sqlite' && isPlainSearch(q)
        ? sqliteFtsWalk(db, userId, q, at)
        : indexWalk(db, dialect, userId, q, at, broadSearch);
    if (
      queryWords(q.search).length > 0 &&
      (await keepsWholeOrder(dialect, source, at, broadSearch))
    ) {
      // Its whole order, found once per version (gallery-positions.ts): pages are slices.
      if (!at.ids) positions.keepOrder(at, await wholeOrder(source));
      const ids = [...at.ids!.subarray(q.offset, q.offset + q.limit)];
      at.count = at.ids!.length;
      return { count: at.count, results: await presentSpots(db, await spotRows(db, userId, ids)) };
    }
    const ids = await pageIds(source, at, q, positions.step);
    const [rows, count] = await Promise.all([spotRows(db, userId, ids), countOf(source, at)]);
    return { count, results: await presentSpots(db, rows) };
  };
}

/**
 * Whether a search keeps its whole order: on PostgreSQL always (finding the matches is
 * most of every search's cost), on SQLite from `broadSearch` matches on.
 */
async function keepsWholeOrder(
  dialect: DialectName,
  source: OrderSource,
  at: Positions,
  broadSearch: number,
) {
  if (at.ids || dialect === 'postgres') return true;
  await countOf(source, at); // on SQLite, counting a search also counts its matches
  return (at.matches ?? 0) >= broadSearch;
}

async function wholeOrder(source: OrderSource) {
  const rows = await source.walk(undefined, 0, ALL);
  return Int32Array.from(rows, (row) => row.id);
}
/** "No limit" for a walk (a user has far fewer spots). */
const ALL = 2 ** 31 - 1;

async function countOf(source: OrderSource, at: Positions): Promise<number> {
  at.count ??= await source.count();
  return at.count;
}

/** The ids of the page: from the mark at or before the offset, never from the start. */
async function pageIds(source: OrderSource, at: Positions, q: GalleryQuery, step: number) {
  const k = Math.floor(q.offset / step);
  const mark = k > 0 ? await markAt(source, at, k, step) : undefined;
  if (mark === null) return [];
  const rows = await source.walk(mark, q.offset - k * step, q.limit);
  return rows.map((row) => row.id);
}

/**
 * Mark k (the spot at position k·step), found by one walk from the last known mark before
 * it: the first request of a version at a deep offset costs one OFFSET walk, as a page did
 * before marks, and every later request there (or past it) a seek and a walk < step.
 */
async function markAt(source: OrderSource, at: Positions, k: number, step: number) {
  let j = Math.max(0, Math.min(k, at.marks.length - 1));
  while (j > 0 && at.marks[j] === undefined) j--;
  const from = j > 0 ? at.marks[j] : undefined;
  if (j === k || from === null) return from ?? null;
  const [mark] = await source.walk(from, (k - j) * step, 1);
  return (at.marks[k] = mark ?? null);
}

/** The page's spots with their places, in the order of `ids`. */
async function spotRows(db: Db, userId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .select(SPOT_COLUMNS)
    .where('r.id', 'in', ids)
    .where('r.user_id', '=', userId)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
