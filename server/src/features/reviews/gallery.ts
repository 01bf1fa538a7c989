import type { ReviewsPage } from '@spotbook/contract';
import type { Db, DialectName } from '../../db/connection.ts';
import { galleryVersionReader } from './gallery-cache.ts';
import { catchUp } from './gallery-catch-up.ts';
import {
  addMark,
  GalleryPositions,
  markBefore,
  type Positions,
  type WholeOrder,
} from './gallery-positions.ts';
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
 * seeking to a kept mark near the offset (never walking a deep offset), or sliced from a
 * search's kept order; only the `limit` rows found are read with their places and photos.
 * What is kept is per gallery version and follows the user's writes (gallery-catch-up.ts).
 * `version` is the one the response cache read; without it the version is read here.
 */
export function galleryReader(db: Db, dialect: DialectName, options: GalleryOptions = {}) {
  const positions = new GalleryPositions(options.step);
  const broadSearch = options.broadSearch ?? 1000;
  const readVersion = galleryVersionReader(db);

  /** The query's kept positions at `version` or later. */
  async function positionsAt(userId: number, q: GalleryQuery, version: number) {
    const key = GalleryPositions.keyOf(userId, q);
    const known = positions.get(key);
    if (known && known.version >= version) return known;
    const caught = known && (await catchUp(db, dialect, userId, q, known));
    const at: Positions =
      caught && caught.version >= version ? caught : { key, version, marks: [] };
    positions.keep(at);
    return at;
  }

  return async (userId: number, q: GalleryQuery, version?: number): Promise<ReviewsPage> => {
    const at = await positionsAt(userId, q, version ?? (await readVersion(userId)));
    /*
     * What this request finds (a count, a mark, an order) is kept only if the version is
     * still the entry's afterwards: found while a write landed, it may describe the newer
     * data, and the write's change would later be applied to it a second time.
     */
    const found: (() => void)[] = [];
    const keepFound = async () => {
      if (found.length && (await readVersion(userId)) === at.version) {
        for (const keep of found) keep();
        positions.keep(at);
      }
    };
    if (queryWords(q.search).length > 0) {
      let order = at.order;
      if (!order) {
        const source =
          dialect === 'sqlite' && isPlainSearch(q)
            ? sqliteFtsWalk(db, userId, q)
            : indexWalk(db, dialect, userId, q, at, broadSearch);
        const built = (order = await wholeOrder(source));
        found.push(() => (at.order = built));
      }
      const ids = [...order.ids.subarray(q.offset, q.offset + q.limit)];
      const [rows] = await Promise.all([spotRows(db, userId, ids), keepFound()]);
      return { count: order.ids.length, results: await presentSpots(db, rows) };
    }
    const source = indexWalk(db, dialect, userId, q, at, broadSearch);
    const ids = await pageIds(source, at, q, positions.step, found);
    const [rows, count] = await Promise.all([
      spotRows(db, userId, ids),
      countOf(source, at, found),
    ]);
    await keepFound();
    return { count, results: await presentSpots(db, rows) };
  };
}

/** A search's whole order, walked once. */
async function wholeOrder(source: Pick<OrderSource, 'walk'>): Promise<WholeOrder> {
  const rows = await source.walk(undefined, 0, ALL);
  return {
    ids: Int32Array.from(rows, (row) => row.id),
    ratings: Uint8Array.from(rows, (row) => row.rating),
  };
}
/** "No limit" for a walk (a user has far fewer spots). */
const ALL = 2 ** 31 - 1;

async function countOf(source: OrderSource, at: Positions, found: (() => void)[]) {
  if (at.count !== undefined) return at.count;
  const count = await source.count();
  found.push(() => (at.count = count));
  return count;
}

/**
 * The ids of the page, walked from the last mark at or before the offset. A walk longer
 * than a step first finds the mark at the last multiple of `step` before the offset, so
 * the first deep request of a query costs one OFFSET walk, and later ones there or past it
 * a seek and a walk shorter than a step.
 */
async function pageIds(
  source: OrderSource,
  at: Positions,
  q: GalleryQuery,
  step: number,
  found: (() => void)[],
) {
  if (at.count !== undefined && q.offset >= at.count) return [];
  let from = at.marks[markBefore(at.marks, q.offset)];
  if (q.offset - (from?.pos ?? 0) >= step) {
    const target = q.offset - (q.offset % step);
    const [key] = await source.walk(from?.key, target - (from?.pos ?? 0), 1);
    if (!key) return [];
    const mark = { pos: target, key: { id: key.id, rating: key.rating } };
    found.push(() => addMark(at.marks, mark));
    from = mark;
  }
  const rows = await source.walk(from?.key, q.offset - (from?.pos ?? 0), q.limit);
  return rows.map((row) => row.id);
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
