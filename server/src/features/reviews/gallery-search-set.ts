import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection.ts';
import { matchesWords, mergeOrder, readChangesFor } from './gallery-changes.ts';
import { pgWordsMatch } from './gallery-index-walk.ts';
import type { WholeOrder } from './gallery-positions.ts';
import { decodeOrder, pgOrderCodes } from './gallery-whole-order.ts';
import { queryWords } from './search-text.ts';
import { RATINGS_IN_ORDER, SORT_KEYS, type GalleryQuery } from './sort-keys.ts';

/*
 * PostgreSQL: the matches of a search, kept once for all its sorts and visited filters
 * (decision 023, session 27). A search's whole order (gallery-positions.ts) is kept per
 * query, so the same words sorted another way, or only the visited spots, were found again
 * through the GIN index: every match's row read from the heap, scattered over the table
 * ("garden", 9,336 matches: 20–29 ms; a 10,000-spot user's "river", 694: 3–4 ms). Those
 * reads were the largest part of PostgreSQL's own time in the mixed load. The set is the
 * matches' "oldest" order (5 bytes a spot), and any of the twelve orders is one pass over
 * it. A newer version is reached from the change log, as the orders are (mergeOrder).
 */

export interface SearchSet {
  /** The gallery version the set describes. */
  version: number;
  /**
   * The matches, ascending by id. Each rating byte also holds the spot's visited flag
   * (`withVisited`): the set is then a whole order like any other, which `mergeOrder`
   * catches up by id, carrying the byte along.
   */
  order: WholeOrder;
}

export const withVisited = (rating: number, visited: number) => rating | (visited << 3);
const ratingOf = (byte: number) => byte & 7;
const visitedOf = (byte: number) => byte >> 3;

/** The query's order from the set of its words: `q` has no type, city or country filter. */
export function orderFromSet({ order: set }: SearchSet, q: GalleryQuery): WholeOrder {
  const wanted = q.visited === 'both' ? undefined : q.visited === 'true' ? 1 : 0;
  const picked: number[] = []; // indexes into the set, in the query's order
  const descending = (keep: (i: number) => boolean) => {
    for (let i = set.ids.length - 1; i >= 0; i--) if (keep(i)) picked.push(i);
  };
  const inQuery = (i: number) => wanted === undefined || visitedOf(set.ratings[i]!) === wanted;
  if (q.sortBy === 'oldest') {
    for (let i = 0; i < set.ids.length; i++) if (inQuery(i)) picked.push(i);
  } else if (q.sortBy === 'newest') {
    descending(inQuery);
  } else {
    for (const rating of RATINGS_IN_ORDER[q.sortBy]) {
      descending((i) => ratingOf(set.ratings[i]!) === rating && inQuery(i));
    }
  }
  const order: WholeOrder = {
    ids: new Int32Array(picked.length),
    ratings: new Uint8Array(picked.length),
  };
  picked.forEach((from, to) => {
    order.ids[to] = set.ids[from]!;
    order.ratings[to] = ratingOf(set.ratings[from]!);
  });
  return order;
}

/**
 * The user's spots matching the words, read through the GIN index in one statement: their
 * codes as a whole order's (gallery-whole-order.ts) and, in the same order, their visited
 * flags as a string of digits.
 */
async function readSet(db: Db, userId: number, words: string[], version: number) {
  // MATERIALIZED, as gallery-index-walk.ts's search: the GIN index finds the matches once.
  const { rows } = await sql<{ codes: string | null; visited: string | null }>`with hits as
    materialized (select r.id, r.user_id, r.rating, r.visited from reviews as r
      where ${pgWordsMatch(userId, words)})
    select ${pgOrderCodes(SORT_KEYS.oldest)} as codes,
      string_agg(r.visited::text, '' order by r.id) as visited
    from hits as r where r.user_id = ${userId}`.execute(db);
  const order = decodeOrder(rows[0]?.codes ?? null);
  const visited = rows[0]?.visited ?? '';
  for (let i = 0; i < order.ids.length; i++) {
    order.ratings[i] = withVisited(order.ratings[i]!, visited.charCodeAt(i) - ZERO);
  }
  return { version, order };
}

const ZERO = '0'.charCodeAt(0);

/**
 * The set one version on: the changed spots out, those of them matching the words now
 * back in at their place. Undefined when the log no longer reaches back (read again).
 */
async function caughtUpSet(
  db: Db,
  userId: number,
  q: GalleryQuery,
  set: SearchSet,
  atLeast: number,
): Promise<SearchSet | undefined> {
  const read = await readChangesFor(db, userId, set.version, atLeast);
  if (!read) return;
  const words = queryWords(q.search);
  const matching = read.changes.flatMap(({ after }) =>
    after && matchesWords(after.search_norm!, words, 'postgres')
      ? [{ ...after, rating: withVisited(after.rating, after.visited) }]
      : [],
  );
  const oldest = { ...q, sortBy: 'oldest' } as const;
  return { version: read.version, order: mergeOrder(set.order, oldest, read.changes, matching) };
}

/**
 * The search sets of one app instance, by user and words, at most `maxBytes` of them.
 * `orderAt` gives a query's whole order at the version asked for: from a kept set (caught
 * up when older), or from a set read now, which `keep` stores only once the request has
 * checked that the version did not move meanwhile (gallery.ts's `keepFound`).
 */
export function searchSets(db: Db, maxBytes = 8 * 1024 * 1024) {
  const sets = new LRUCache<string, SearchSet>({
    maxSize: maxBytes,
    sizeCalculation: (set) => 5 * set.order.ids.length + 100,
  });
  const keep = (key: string, set: SearchSet) => {
    const kept = sets.peek(key);
    if (!kept || kept.version <= set.version) sets.set(key, set);
  };

  return async function orderAt(
    userId: number,
    q: GalleryQuery,
    version: number,
    found: (() => void)[],
  ): Promise<WholeOrder> {
    const words = queryWords(q.search);
    const key = JSON.stringify([userId, words]);
    let set = sets.get(key);
    if (set && set.version < version) {
      set = await caughtUpSet(db, userId, q, set, version);
      if (set) keep(key, set);
    }
    if (!set || set.version !== version) {
      const read = (set = await readSet(db, userId, words, version));
      found.push(() => keep(key, read));
    }
    return orderFromSet(set, q);
  };
}
