import { LRUCache } from 'lru-cache';
import type { Db, DialectName } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { GALLERY_CHANGES_KEPT } from '../../db/migrations/008_gallery_changes.ts';
import { lowerBound } from '../../lib/lower-bound.ts';
import type { Mark, Positions, WholeOrder } from './gallery-positions.ts';
import { COMPARE_KEYS, type GalleryQuery, type SortMark } from './sort-keys.ts';

/**
 * Bringing a query's kept positions to a newer gallery version by applying the changes
 * logged between the two (migration 008; docs/decisions/004-gallery-query.md, "After a
 * write"), instead of finding them again: a write moves one spot, so the count changes by
 * one and each kept position by at most one.
 */

/** A spot's gallery columns at one version. */
export interface SpotImage {
  id: number;
  rating: number;
  visited: number;
  place_type: string;
  place_city: string;
  place_country: string;
  /** Only after a change: the words a search matches. */
  search_norm?: string;
}

/** A spot written between two versions: before and after (absent: not the user's spot). */
export interface SpotChange {
  id: number;
  before?: SpotImage;
  after?: SpotImage;
}

/** The log after `from`, each change with the spot now, and the version now. */
const changesSince = compiledOnce((db, userId: number, from: number) =>
  db
    .selectFrom('gallery_changes as c')
    .leftJoin('reviews as r', (join) =>
      join.onRef('r.id', '=', 'c.spot_id').onRef('r.user_id', '=', 'c.user_id'),
    )
    .select([
      'c.version',
      'c.spot_id',
      'c.old_rating',
      'c.old_visited',
      'c.old_type',
      'c.old_city',
      'c.old_country',
      'r.id',
      'r.rating',
      'r.visited',
      'r.place_type',
      'r.place_city',
      'r.place_country',
      'r.search_norm',
    ])
    .select((eb) =>
      eb.selectFrom('spot_counts').select('version').where('user_id', '=', userId).as('now'),
    )
    .where('c.user_id', '=', userId)
    .where('c.version', '>', from)
    .orderBy('c.version'),
);

/** The changes after a version and the version they bring the gallery to (readChanges). */
export interface ReadChanges {
  version: number;
  changes: SpotChange[];
}

/**
 * The reads of the log made lately, by database, user and `from`: after a write, each of the
 * user's kept queries, their cards and their filter options catch up from the same version,
 * and read the same rows (decision 004, "One read of the log per write").
 */
const lately = new WeakMap<Db, LRUCache<string, Promise<ReadChanges | undefined>>>();

/**
 * `readChanges` for a caller that needs the gallery at version `atLeast` or later: a read
 * of the same log from `from` made lately (or under way) serves when it reached that far.
 * What it holds was true at the version it read, which a request may always use.
 */
export async function readChangesFor(
  db: Db,
  userId: number,
  from: number,
  atLeast: number,
): Promise<ReadChanges | undefined> {
  let reads = lately.get(db);
  if (!reads) lately.set(db, (reads = new LRUCache({ max: 1000 })));
  const key = `${userId}:${from}`;
  // Not awaited unless there: a read under way serves the callers that come meanwhile.
  const lastRead = reads.get(key);
  const made = lastRead && (await lastRead.catch(() => undefined));
  if (made && made.version >= atLeast) return made;
  const reading = readChanges(db, userId, from);
  reads.set(key, reading);
  // A read that failed fails its own callers only.
  reading.catch(() => reads.get(key) === reading && reads.delete(key));
  return reading;
}

/**
 * The user's spots written after version `from`, each with its columns at `from` (the
 * first logged change of the spot has them) and now, and the version they bring the
 * gallery to. One statement, so the log, the spots and the version are read at one moment
 * (one snapshot on both databases) even while the user writes. Undefined when the log no
 * longer reaches back to `from`.
 */
async function readChanges(db: Db, userId: number, from: number): Promise<ReadChanges | undefined> {
  const logged = await changesSince(db, userId, from);
  const version = logged[0]?.now ?? from;
  // Every write bumps the version by one or two and logs its last bump.
  if (
    version - from >= GALLERY_CHANGES_KEPT ||
    logged[0] === undefined ||
    logged[0].version > from + 2 ||
    logged.at(-1)!.version !== version
  )
    return undefined;
  const changes = new Map<number, SpotChange>();
  for (const row of logged) {
    if (changes.has(row.spot_id)) continue;
    const { id, rating, visited, place_type, place_city, place_country, search_norm } = row;
    changes.set(row.spot_id, {
      id: row.spot_id,
      before:
        row.old_rating === null
          ? undefined
          : {
              id: row.spot_id,
              rating: row.old_rating,
              visited: row.old_visited!,
              place_type: row.old_type!,
              place_city: row.old_city!,
              place_country: row.old_country!,
            },
      after:
        id === null
          ? undefined
          : {
              id,
              rating: rating!,
              visited: visited!,
              place_type: place_type!,
              place_city: place_city!,
              place_country: place_country!,
              search_norm: search_norm!,
            },
    });
  }
  return { version, changes: [...changes.values()] };
}

/** Whether a spot passes the query's exact filters (as filterConditions in SQL). */
export function passesFilters(q: GalleryQuery, spot: SpotImage): boolean {
  return (
    (q.type === undefined || spot.place_type === q.type) &&
    (q.city === undefined || spot.place_city === q.city) &&
    (q.country === undefined || spot.place_country === q.country) &&
    (q.visited === 'both' || spot.visited === (q.visited === 'true' ? 1 : 0))
  );
}

/**
 * Characters for which this prefix test and SQLite's FTS5 `unicode61` tokenizer agree
 * (letters and digits of Unicode 6.1 that case folding leaves alone): ASCII, Latin-1 and
 * Latin Extended-A/B but the long s, Cyrillic, kana, CJK ideographs, Hangul. PostgreSQL's
 * terms are the space-separated words themselves, so there the test is always exact.
 */
const FOLD_SAFE =
  /^[\u0020-\u017e\u0180-\u024f\u0400-\u04ff\u3041-\u30ff\u4e00-\u9fcb\uac00-\ud7a3]*$/;

/**
 * Whether a spot with these words (`search_norm`) matches the search words: each must
 * begin one of its words, as the search index answers (migration 002). Undefined when
 * this test might not agree with SQLite's index (the caller finds the order again).
 */
export function matchesWords(
  norm: string,
  words: readonly string[],
  dialect: DialectName,
): boolean | undefined {
  const unsure = (text: string) => dialect === 'sqlite' && !FOLD_SAFE.test(text);
  if (unsure(norm) || words.some(unsure)) return undefined;
  const own = norm.split(' ');
  return words.every((w) => own.some((word) => word.startsWith(w)));
}

/**
 * The positions of a query without search words, one version on: its count and every
 * mark's position move by one for each spot that left or joined it before the mark.
 */
export function shiftPositions(
  at: Positions,
  q: GalleryQuery,
  changes: readonly SpotChange[],
  version: number,
): Positions {
  const compare = COMPARE_KEYS[q.sortBy];
  const marks: Mark[] = at.marks.map((mark) => ({ ...mark }));
  let count = at.count;
  for (const { before, after } of changes) {
    for (const [spot, delta] of [
      [before, -1],
      [after, +1],
    ] as const) {
      if (!spot || !passesFilters(q, spot)) continue;
      if (count !== undefined) count += delta;
      for (const mark of marks) if (compare(spot, mark.key) < 0) mark.pos += delta;
    }
  }
  return { key: at.key, version, count, matches: at.matches, marks };
}

/**
 * A search's whole order, one version on: the changed spots are taken out and those that
 * match now are put back at their place in the order. Copies the unchanged runs as they
 * are (one pass over the arrays).
 */
export function mergeOrder(
  order: WholeOrder,
  q: GalleryQuery,
  changes: readonly SpotChange[],
  matching: readonly SpotImage[],
): WholeOrder {
  const compare = COMPARE_KEYS[q.sortBy];
  const at = (i: number): SortMark => ({ id: order.ids[i]!, rating: order.ratings[i]! });
  const removed = changes
    .map((c) => order.ids.indexOf(c.id))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
  const added = [...matching].sort(compare).map((spot) => {
    // The first place whose spot comes after this one.
    const place = lowerBound(order.ids.length, (i) => compare(at(i), spot) < 0);
    return { place, spot };
  });
  const length = order.ids.length - removed.length + added.length;
  const merged: WholeOrder = { ids: new Int32Array(length), ratings: new Uint8Array(length) };
  let [from, to] = [0, 0];
  const copyUpTo = (end: number) => {
    merged.ids.set(order.ids.subarray(from, end), to);
    merged.ratings.set(order.ratings.subarray(from, end), to);
    to += end - from;
    from = end;
  };
  let [r, a] = [0, 0];
  while (r < removed.length || a < added.length) {
    const nextAdd = added[a]?.place ?? Infinity;
    const nextRemove = removed[r] ?? Infinity;
    if (nextAdd <= nextRemove) {
      copyUpTo(nextAdd);
      merged.ids[to] = added[a]!.spot.id;
      merged.ratings[to++] = added[a++]!.spot.rating;
    } else {
      copyUpTo(nextRemove);
      from++;
      r++;
    }
  }
  copyUpTo(order.ids.length);
  return merged;
}
