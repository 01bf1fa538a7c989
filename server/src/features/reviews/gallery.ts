import type { Db, DialectName } from '../../db/connection.ts';
import { catchUp } from './gallery-catch-up.ts';
import {
  addMark,
  GalleryPositions,
  walkStart,
  type Positions,
  type WholeOrder,
} from './gallery-positions.ts';
import { indexWalk, type OrderSource } from './gallery-index-walk.ts';
import { searchSets } from './gallery-search-set.ts';
import { SpotOrders } from './gallery-spot-orders.ts';
import { countedSearchPage, isCountedSearch } from './gallery-counted-search.ts';
import type { WalkMarks } from './gallery-word-walk.ts';
import {
  isRatingSearchOnly,
  walkedSearchPage,
  plainSearchPage,
  sqliteMatchIds,
  testedWalkPage,
  testedWholeOrder,
} from './gallery-sqlite-search.ts';
import { queryWords } from './search-text.ts';
import { hasPlaceFilter, type GalleryQuery } from './sort-keys.ts';
import { SpotCards, unkeptCards, type GalleryPage, type PageIds } from './spot-cards.ts';
import {
  countedBy,
  isCountedByCounters,
  readSpotCounters,
  type SpotCounters,
} from './spot-counters.ts';

export type { GalleryQuery } from './sort-keys.ts';

/** What a request found, to keep if the version didn't move meanwhile. */
type Found = (() => void)[];

export interface GalleryOptions {
  /** Positions between two cached marks (gallery-positions.ts). */
  step?: number;
  /**
   * From this many search matches on, a search walks the sort or filter index and tests
   * each entry against the matches instead of reading and sorting every match.
   */
  broadSearch?: number;
  /**
   * The longest walk of a sort index for a page of a broad search (SQLite) or of a
   * one-word one (either database) before its matches are read instead
   * (gallery-sqlite-search.ts, gallery-counted-search.ts).
   */
  testedWalk?: number;
  /** The memory the spots' kept cards may take (spot-cards.ts); 0 keeps none. */
  cardBytes?: number;
  /**
   * PostgreSQL: the memory the searches' sets of matches may take (gallery-search-set.ts);
   * 0 keeps none.
   */
  searchSetBytes?: number;
  /**
   * The memory the users' plain orders may take (gallery-spot-orders.ts); 0 keeps none, and
   * pages without search words or place filter walk the sort indexes instead.
   */
  spotOrderBytes?: number;
}

/**
 * The gallery of one app instance: `(userId, query, counters?) → page and count`
 * (docs/decisions/004-gallery-query.md). A page without search words or place filter is
 * picked from the user's orders kept in memory (gallery-spot-orders.ts); another page's
 * ids are picked on a covering index, seeking to a kept mark near the offset (never
 * walking a deep offset), or sliced from a search's kept order; only the `limit` spots
 * found are read with their places and photos, those whose cards are not kept.
 * What is kept is per gallery version and follows the user's writes (gallery-catch-up.ts).
 * `counters` are the version and counts the response cache read (spot-counters.ts); without
 * them they are read here.
 */
export function galleryReader(db: Db, dialect: DialectName, options: GalleryOptions = {}) {
  const positions = new GalleryPositions(options.step);
  const broadSearch = options.broadSearch ?? 1000;
  const kept = options.cardBytes === 0 ? undefined : new SpotCards(db, options.cardBytes);
  const searchSetOrder =
    dialect === 'postgres' && options.searchSetBytes !== 0
      ? searchSets(db, options.searchSetBytes)
      : undefined;
  const spotOrders =
    options.spotOrderBytes === 0 ? undefined : new SpotOrders(db, dialect, options.spotOrderBytes);
  /** The page's cards: kept ones as they are, the others read. */
  const cardsOf = (userId: number, version: number, ids: PageIds) =>
    kept ? kept.page(userId, version, ids) : unkeptCards(db, userId, ids);

  /** The query's kept positions at `version` or later. */
  async function positionsAt(userId: number, q: GalleryQuery, version: number) {
    const key = GalleryPositions.keyOf(userId, q);
    const known = positions.get(key);
    if (known && known.version >= version) return known;
    const caught = known && (await catchUp(db, dialect, userId, q, known, version));
    const at: Positions =
      caught && caught.version >= version ? caught : { key, version, marks: [] };
    positions.keep(at);
    return at;
  }

  /**
   * A search's page: read directly when it can be, else a slice of its whole order, built
   * once. Directly: one word from the prefix counters (either database); on SQLite, with no
   * other filter, sorted by id from the FTS index and by rating by a walk of the sort index
   * (gallery-sqlite-search.ts). The order comes, on SQLite with no other filter by rating,
   * from the set of matches tested against the sort index; on PostgreSQL without a type,
   * city or country filter, from the words' set of matches, kept for all their sorts
   * (gallery-search-set.ts); otherwise from the query's filter or sort index, narrowed by
   * the search index (gallery-index-walk.ts).
   */
  async function searchPage(userId: number, q: GalleryQuery, at: Positions, found: Found) {
    const slice = ({ ids }: WholeOrder) => ({
      ids: [...ids.subarray(q.offset, q.offset + q.limit)],
      count: ids.length,
    });
    if (at.order) return slice(at.order);
    let order: WholeOrder | undefined;
    // Marks of walked pages: this version's only (a search's catch-up drops them).
    const kept: WalkMarks = {
      marks: at.marks,
      step: positions.step,
      add: (mark) => found.push(() => addMark(at.marks, mark)),
    };
    if (dialect === 'postgres') {
      const direct = await countedSearchPage(db, dialect, userId, q, options.testedWalk, kept);
      if (direct) return direct;
      // One set of matches for every sort and visited filter of the same words.
      if (searchSetOrder && !hasPlaceFilter(q)) {
        order = await searchSetOrder(userId, q, at.version, found);
      }
    }
    if (dialect === 'sqlite') {
      // Pages read from the indexes and counters, keeping nothing (gallery-sqlite-search.ts,
      // gallery-counted-search.ts). Both walk by one rule (`walkedPage`): a one-word search
      // the counters decline would be declined again, so the walked search is for the others
      // (several words).
      let direct = await plainSearchPage(db, userId, q);
      if (!direct && !at.matchIds) {
        direct = isCountedSearch(dialect, q)
          ? await countedSearchPage(db, dialect, userId, q, options.testedWalk, kept)
          : await walkedSearchPage(db, userId, q, options.testedWalk, kept);
      }
      if (direct) return direct;
      // Only a search with no other filter, by rating, uses the set of matches. With a
      // filter the order comes from the filter's index, each entry tested against the FTS
      // index (indexWalk): reading the set first cost ~1 ms ("garden" type=museum).
      if (isRatingSearchOnly(q)) {
        let matchIds = at.matchIds;
        if (!matchIds) {
          const read = (matchIds = await sqliteMatchIds(db, userId, q));
          at.matches = read.length;
          found.push(() => (at.matchIds = read));
        }
        if (matchIds.length >= broadSearch) {
          const ids = await testedWalkPage(db, userId, q, matchIds, options.testedWalk);
          if (ids) return { ids, count: matchIds.length };
          order = await testedWholeOrder(db, userId, q, matchIds);
        }
      }
    }
    const built = order ?? (await indexWalk(db, dialect, userId, q, at, broadSearch).order());
    found.push(() => (at.order = built));
    return slice(built);
  }

  /**
   * A page without search words or place filter, picked from the user's kept orders
   * (gallery-spot-orders.ts): no walk, no count, only the cards not kept are read. The
   * orders may be newer than `version`; the page and its count are of their version.
   * Undefined while the user's orders are first read: the walks answer meanwhile.
   */
  async function plainPage(orders: SpotOrders, userId: number, q: GalleryQuery, version: number) {
    const at = await orders.at(userId, version);
    if (!at) return undefined;
    const { ids, count } = at.page(q);
    return { count, results: await cardsOf(userId, at.version, ids) };
  }

  /*
   * What a request finds (a count, a mark, an order) is kept only if the version is still
   * the entry's afterwards: found while a write landed, it may describe the newer data, and
   * the write's change would later be applied to it a second time.
   */
  async function keepFound(userId: number, at: Positions, found: Found) {
    if (found.length && (await readSpotCounters(db, userId)).version === at.version) {
      for (const keep of found) keep();
      positions.keep(at);
    }
  }

  /**
   * A page within the first step of an order without search words: it walks from the
   * order's start whatever is kept (`walkStart`), so its walk, the catch-up of its kept
   * count and the catch-up of the user's kept cards after a write (the change log) go out
   * at once. On PostgreSQL that is one round trip's wait instead of two or three in a row;
   * the commonest page, a first one, is such a page.
   */
  async function firstStepPage(userId: number, q: GalleryQuery, counters: SpotCounters) {
    // Without search words the order needs no kept positions: one source for both.
    const source = indexWalk(db, dialect, userId, q, undefined, broadSearch);
    const ids = source.walk(undefined, q.offset, q.limit).then((rows) => rows.map((r) => r.id));
    const counted = positionsAt(userId, q, counters.version).then(async (at) => {
      const found: Found = [];
      const count = await countOf(source, q, at, counters, found);
      await keepFound(userId, at, found);
      return count;
    });
    const [results, count] = await Promise.all([cardsOf(userId, counters.version, ids), counted]);
    return { count, results };
  }

  const read = async (
    userId: number,
    q: GalleryQuery,
    known?: SpotCounters,
  ): Promise<GalleryPage> => {
    const counters = known ?? (await readSpotCounters(db, userId));
    const words = queryWords(q.search);
    if (spotOrders && !words.length && !hasPlaceFilter(q)) {
      const page = await plainPage(spotOrders, userId, q, counters.version);
      if (page) return page;
      // Walked, as before the orders were kept; they are read for the next request.
      const walked = await walkedPage(userId, q, counters, words);
      spotOrders.readSoon(userId);
      return walked;
    }
    return walkedPage(userId, q, counters, words);
  };
  return Object.assign(read, { spotOrders });

  /** A page from the sort, filter and search indexes, and what is kept of them. */
  async function walkedPage(
    userId: number,
    q: GalleryQuery,
    counters: SpotCounters,
    words: string[],
  ): Promise<GalleryPage> {
    if (!words.length && q.offset < positions.step) return firstStepPage(userId, q, counters);
    const at = await positionsAt(userId, q, counters.version);
    const found: Found = [];
    if (words.length > 0) {
      const { ids, count } = await searchPage(userId, q, at, found);
      const [results] = await Promise.all([
        cardsOf(userId, at.version, ids),
        keepFound(userId, at, found),
      ]);
      return { count, results };
    }
    const source = indexWalk(db, dialect, userId, q, at, broadSearch);
    let ids: number[], count: number;
    if (isDeep(at, q, positions.step)) {
      // The count first: it tells whether the page is nearer the end of the order.
      count = await countOf(source, q, at, counters, found);
      ids = await deepPageIds(source, at, q, positions.step, count, found);
    } else {
      [ids, count] = await Promise.all([
        pageIds(source, at, q, positions.step, found),
        countOf(source, q, at, counters, found),
      ]);
    }
    const results = await cardsOf(userId, at.version, ids);
    await keepFound(userId, at, found);
    return { count, results };
  }
}

/**
 * The query's count, kept with its positions. A count that is one of the counters read at
 * the positions' version is that version's exactly: kept at once, with no version to read
 * again afterwards (`keepFound`).
 */
async function countOf(
  source: OrderSource,
  q: GalleryQuery,
  at: Positions,
  counters: SpotCounters,
  found: Found,
) {
  if (at.count !== undefined) return at.count;
  if (counters.version === at.version && isCountedByCounters(q)) {
    return (at.count = countedBy(q.visited, counters));
  }
  const count = await source.count();
  found.push(() => (at.count = count));
  return count;
}

/**
 * The ids of the page, walked from the last mark at or before the offset (`walkStart`). A
 * walk longer than a step first finds the mark at the last multiple of `step` before the
 * offset, so the first deep request of a query costs one OFFSET walk, and later ones there
 * or past it a seek and a walk shorter than a step.
 */
async function pageIds(
  source: OrderSource,
  at: Positions,
  q: GalleryQuery,
  step: number,
  found: Found,
) {
  if (at.count !== undefined && q.offset >= at.count) return [];
  const { from, start, target } = walkStart(at.marks, q.offset, step);
  let [key, pos] = [from?.key, start];
  if (target > start) {
    const [atTarget] = await source.walk(key, target - start, 1);
    if (!atTarget) return [];
    const mark = { pos: target, key: { id: atTarget.id, rating: atTarget.rating } };
    found.push(() => addMark(at.marks, mark));
    [key, pos] = [mark.key, target];
  }
  const rows = await source.walk(key, q.offset - pos, q.limit);
  return rows.map((row) => row.id);
}

/** Whether the page is a step or more past the last kept mark before it. */
function isDeep(at: Positions, q: GalleryQuery, step: number) {
  const { start, target } = walkStart(at.marks, q.offset, step);
  return target > start;
}

/**
 * A deep page without a kept mark near it. When the end of the order is nearer than the
 * last mark, the entries from the end back to the mark position before the page are read
 * backwards on the same index: the first request of a query walks at most half its order
 * (the last page of 100,000 is a first page), and leaves a mark for the next ones there.
 */
async function deepPageIds(
  source: OrderSource,
  at: Positions,
  q: GalleryQuery,
  step: number,
  count: number,
  found: Found,
) {
  if (q.offset >= count) return [];
  const { start, target } = walkStart(at.marks, q.offset, step);
  const end = Math.min(count, q.offset + q.limit);
  if (count - target >= end - start) return pageIds(source, at, q, step, found);
  const rows = (await source.walkBack(count - end, end - target)).reverse();
  // Fewer entries than counted: a write landed between the count and the walk.
  if (rows.length !== end - target) return pageIds(source, at, q, step, found);
  const mark = { pos: target, key: { id: rows[0]!.id, rating: rows[0]!.rating } };
  found.push(() => addMark(at.marks, mark));
  return rows.slice(q.offset - target).map((row) => row.id);
}
