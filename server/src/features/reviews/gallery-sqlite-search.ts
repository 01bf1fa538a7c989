import { sql } from 'kysely';
import { limitRows } from '../../db/limits-at-run-time.ts';
import type { Db } from '../../db/connection.ts';
import type { WholeOrder } from './gallery-positions.ts';
import { decodeOrder, spotCode, sqliteCodes } from './gallery-whole-order.ts';
import { countedWordOf, prefixCount } from './gallery-counted-search.ts';
import { ftsMatchQuery, isAsciiWord, queryWords } from './search-text.ts';
import { walkedPage, type WalkMarks } from './gallery-word-walk.ts';
import {
  isSearchOnly,
  orderBySql,
  REVERSED_SORT_KEYS,
  SORT_KEYS,
  type GalleryQuery,
} from './sort-keys.ts';

/*
 * SQLite searches read the FTS index alone (docs/decisions/004-gallery-query.md, "First
 * request"): its doclists hold only this user's terms and iterate in rowid (= id =
 * creation) order. Sorted by id, a page comes straight from it; otherwise the search starts
 * from the set of matches, aggregated into one string: "t" (64,569 matches) ~6 ms with the
 * prefix index of migration 010, against ~60 ms as a row per match without it.
 */

/**
 * How many of the user's spots match the words, as a subquery: one word of up to twelve
 * ASCII letters from its prefix counter (a key lookup, migration 013), others by counting
 * their FTS matches ("t": ~2.3 ms, "garden": ~0.6 ms).
 */
export function sqliteMatchCount(userId: number, words: string[]) {
  const word = countedWordOf('sqlite', words);
  if (word !== undefined) return prefixCount(userId, word);
  return sql<number>`(select count(*) from reviews_search
    where reviews_search match ${ftsMatchQuery(userId, words)})`;
}

/** Ids of the user's spots matching the search words, ascending. */
export async function sqliteMatchIds(db: Db, userId: number, q: GalleryQuery) {
  const match = ftsMatchQuery(userId, queryWords(q.search));
  const { rows } = await sql<{ codes: string | null }>`select ${sqliteCodes(sql`id * 8`)} as codes
    from (select rowid as id from reviews_search where reviews_search match ${match}
    order by rowid)`.execute(db);
  return decodeOrder(rows[0]?.codes ?? null).ids;
}

/**
 * A page of a search with no other filter, newest or oldest first, and its count, read
 * from the FTS index alone: its doclists iterate in rowid (= creation) order, and with the
 * prefix index of migration 010 a one-letter word is one doclist. "t" (64,569 of 100,000
 * spots) costs ~3 ms, against ~10 ms to read the set of its matches first (decision 004,
 * "a prefix index for one-letter searches"). Nothing is kept: each page is read again.
 * One statement, so the page and the count come from one snapshot.
 */
export async function plainSearchPage(db: Db, userId: number, q: GalleryQuery) {
  if (!isSearchOnly(q) || (q.sortBy !== 'newest' && q.sortBy !== 'oldest')) return;
  const words = queryWords(q.search);
  const match = ftsMatchQuery(userId, words);
  const direction = sql.raw(q.sortBy === 'newest' ? 'desc' : 'asc');
  const { rows } = await sql<{ count: number | null; ids: string | null }>`select
    ${sqliteMatchCount(userId, words)} as count,
    (select group_concat(id, ',') from (select rowid as id from reviews_search
      where reviews_search match ${match} order by rowid ${direction}
      ${limitRows(q.limit, q.offset)})) as ids`.execute(db);
  const { count, ids } = rows[0] ?? {};
  return { ids: ids ? ids.split(',').map(Number) : [], count: Number(count ?? 0) };
}

/** Longest walk of the sort index for one page before the whole order is built instead. */
export const TESTED_WALK_CAP = 8192;

/** A search with no other filter, sorted by rating: its sort index holds every spot. */
export const isRatingSearchOnly = (q: GalleryQuery) =>
  isSearchOnly(q) && (q.sortBy === 'highest_rating' || q.sortBy === 'lowest_rating');

/**
 * The page of a broad search with no other filter, sorted by rating: the sort index read
 * from the nearer end (index only, aggregated in chunks), each entry tested against the set
 * of matches, until the page is full. With one spot in k a match, the page costs k × the
 * matches between that end and the page's far side, and the search's whole order is never
 * built. Undefined when that walk would pass `cap` entries (pages deep from both ends): the
 * caller builds the whole order.
 */
export async function testedWalkPage(
  db: Db,
  userId: number,
  q: GalleryQuery,
  matchIds: Int32Array,
  cap = TESTED_WALK_CAP,
): Promise<number[] | undefined> {
  if (!isRatingSearchOnly(q)) return;
  const count = matchIds.length;
  if (q.offset >= count) return [];
  // From the end, the page is the matches from `count - offset - limit` (or the first).
  const fromEnd = Math.max(0, count - q.offset - q.limit);
  const reversed = fromEnd < q.offset;
  const [skip, size] = reversed ? [fromEnd, count - q.offset - fromEnd] : [q.offset, q.limit];
  const page = await testedWalk(db, userId, q, idSet(matchIds), { skip, size, reversed, cap });
  return reversed ? page?.reverse() : page;
}

/**
 * The page of a search sorted by rating with no other filter whose page is a short walk
 * (several words; one word is `countedSearchPage`'s), without reading the set of its
 * matches: the count from the FTS index, the page by SQLite walking the sort index and
 * testing each row's words until the page is full (gallery-word-walk.ts `walkedPage`).
 * ASCII words only, so the FTS tokenizer's case folding cannot differ from JS's. Undefined
 * when it does not apply or the walk would be too long.
 */
export async function walkedSearchPage(
  db: Db,
  userId: number,
  q: GalleryQuery,
  cap = TESTED_WALK_CAP,
  kept?: WalkMarks,
): Promise<{ ids: number[]; count: number } | undefined> {
  const words = queryWords(q.search);
  if (!isRatingSearchOnly(q) || !words.every(isAsciiWord)) return;
  return walkedPage(db, 'sqlite', userId, q, words, sqliteMatchCount(userId, words), cap, kept);
}

/**
 * `size` matches after the first `skip`, walking the query's sort index (or its reverse);
 * fewer at the index's end, undefined past `cap` entries.
 */
async function testedWalk(
  db: Db,
  userId: number,
  q: GalleryQuery,
  isMatch: (id: number) => boolean,
  walk: { skip: number; size: number; reversed: boolean; cap: number },
): Promise<number[] | undefined> {
  const page: number[] = [];
  // A first chunk for one match in 8 entries; doubled while the page isn't full.
  let [matched, walked, chunk] = [0, 0, Math.max(walk.cap / 32, 8 * (walk.skip + walk.size))];
  while (walked < walk.cap) {
    const size = Math.min(chunk, walk.cap - walked);
    const { ids } = await sortIndexCodes(db, userId, q, walked, size, walk.reversed);
    for (const id of ids) {
      if (!isMatch(id) || matched++ < walk.skip) continue;
      page.push(id);
      if (page.length === walk.size) return page;
    }
    if (ids.length < size) return page;
    walked += size;
    chunk *= 2;
  }
  return undefined;
}

/** From one spot in this many matching, the whole sort index less the others is cheaper. */
const DENSE_SHARE = 4;

/**
 * The whole order of such a search, when at least a quarter of the spots match: the whole
 * sort index (index only, one aggregated string) less the spots that don't match. For "t"
 * (64,569 of 100,000) 23 ms of CPU, against 53 ms for SQLite walking the index and probing
 * each entry in a table of the matches; for fewer matches SQLite's walk is cheaper ("garden",
 * 9,358: 12 ms against 20). Undefined otherwise.
 */
export async function testedWholeOrder(
  db: Db,
  userId: number,
  q: GalleryQuery,
  matchIds: Int32Array,
): Promise<WholeOrder | undefined> {
  if (!isRatingSearchOnly(q)) return;
  const counts = await db
    .selectFrom('spot_counts')
    .select('total')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (DENSE_SHARE * matchIds.length < (counts?.total ?? 0)) return;
  const all = await sortIndexCodes(db, userId, q, 0, -1);
  const isMatch = idSet(matchIds);
  const order: WholeOrder = {
    ids: new Int32Array(matchIds.length),
    ratings: new Uint8Array(matchIds.length),
  };
  let at = 0;
  for (let i = 0; i < all.ids.length; i++) {
    if (!isMatch(all.ids[i]!)) continue;
    order.ids[at] = all.ids[i]!;
    order.ratings[at++] = all.ratings[i]!;
  }
  // Fewer when a spot was deleted between reading the matches and the index.
  return { ids: order.ids.subarray(0, at), ratings: order.ratings.subarray(0, at) };
}

/**
 * `limit` entries (-1: all) of the query's sort index, without filters, from `offset`,
 * read from its end when `reversed`.
 */
async function sortIndexCodes(
  db: Db,
  userId: number,
  q: GalleryQuery,
  offset: number,
  limit: number,
  reversed = false,
) {
  const orderBy = orderBySql((reversed ? REVERSED_SORT_KEYS : SORT_KEYS)[q.sortBy]);
  const { rows } = await sql<{ codes: string | null }>`select ${sqliteCodes(sql`c`)} as codes
    from (select ${spotCode} as c from reviews r where r.user_id = ${userId}
    order by ${orderBy} ${limitRows(limit, offset)})`.execute(db);
  return decodeOrder(rows[0]?.codes ?? null);
}

/** Membership in ascending ids: a bitmap over their range (at most ~1 bit a spot of the table). */
function idSet(ids: Int32Array): (id: number) => boolean {
  if (!ids.length) return () => false;
  const [first, last] = [ids[0]!, ids[ids.length - 1]!];
  const bits = new Uint32Array(((last - first) >> 5) + 1);
  for (const id of ids) bits[(id - first) >> 5]! |= 1 << ((id - first) & 31);
  return (id) =>
    id >= first && id <= last && (bits[(id - first) >> 5]! & (1 << ((id - first) & 31))) !== 0;
}
