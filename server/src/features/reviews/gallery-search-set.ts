import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection.ts';
import { PG_SEARCH_VECTOR_SQL } from '../../db/migrations/002_reviews_search.ts';
import { matchesWords, readChangesFor, type SpotImage } from './gallery-changes.ts';
import type { WholeOrder } from './gallery-positions.ts';
import { pgTsQuery, queryWords } from './search-text.ts';
import { COMPARE_KEYS, type GalleryQuery } from './sort-keys.ts';

/*
 * PostgreSQL: the matches of a search, kept once for all its sorts and visited filters
 * (decision 023, session 27). A search's whole order (gallery-positions.ts) is kept per
 * query, so the same words sorted another way, or only the visited spots, were found again
 * through the GIN index: every match's row read from the heap, scattered over the table
 * ("garden", 9,336 matches: 20–29 ms; a 10,000-spot user's "river", 694: 3–4 ms). Those
 * reads were the largest part of PostgreSQL's own time in the mixed load. The set holds
 * each match's id, rating and visited flag (6 bytes a spot), ascending by id, and any of
 * the twelve orders is one pass over it. A newer version is reached from the change log,
 * as the orders are (gallery-catch-up.ts).
 */

export interface SearchSet {
  /** The gallery version the set describes. */
  version: number;
  /** Ascending. */
  ids: Int32Array;
  ratings: Uint8Array;
  visited: Uint8Array;
}

/** The ratings in the order of a rating sort; within one rating, ids descend (SORT_KEYS). */
const ratingsBy = (sortBy: 'highest_rating' | 'lowest_rating') =>
  [0, 1, 2, 3, 4, 5].sort((a, b) =>
    COMPARE_KEYS[sortBy]({ id: 0, rating: a }, { id: 0, rating: b }),
  );
const RATINGS_BY = {
  highest_rating: ratingsBy('highest_rating'),
  lowest_rating: ratingsBy('lowest_rating'),
};

/** The query's order from the set of its words: `q` has no type, city or country filter. */
export function orderFromSet(set: SearchSet, q: GalleryQuery): WholeOrder {
  const wanted = q.visited === 'both' ? undefined : q.visited === 'true' ? 1 : 0;
  const picked: number[] = []; // indexes into the set, in the query's order
  const descending = (keep: (i: number) => boolean) => {
    for (let i = set.ids.length - 1; i >= 0; i--) if (keep(i)) picked.push(i);
  };
  const inQuery = (i: number) => wanted === undefined || set.visited[i] === wanted;
  if (q.sortBy === 'oldest') {
    for (let i = 0; i < set.ids.length; i++) if (inQuery(i)) picked.push(i);
  } else if (q.sortBy === 'newest') {
    descending(inQuery);
  } else {
    for (const rating of RATINGS_BY[q.sortBy]) {
      descending((i) => set.ratings[i] === rating && inQuery(i));
    }
  }
  const order: WholeOrder = {
    ids: new Int32Array(picked.length),
    ratings: new Uint8Array(picked.length),
  };
  picked.forEach((from, to) => {
    order.ids[to] = set.ids[from]!;
    order.ratings[to] = set.ratings[from]!;
  });
  return order;
}

/** The user's spots matching the words, read through the GIN index (one statement). */
async function readSet(db: Db, userId: number, words: string[], version: number) {
  // MATERIALIZED, as gallery-index-walk.ts's search: the GIN index finds the matches once.
  const { rows } = await sql<{ codes: string | null }>`with hits as materialized (
      select r.id, r.user_id, r.rating, r.visited from reviews as r
      where ${sql.raw(PG_SEARCH_VECTOR_SQL)} @@ ${pgTsQuery(userId, words)}::tsquery)
    select string_agg((id::bigint * 16 + visited * 8 + rating)::text, ',' order by id) as codes
    from hits where user_id = ${userId}`.execute(db);
  const codes = rows[0]?.codes ? rows[0].codes.split(',') : [];
  const set = emptySet(version, codes.length);
  codes.forEach((text, i) => {
    const code = Number(text);
    set.ids[i] = Math.floor(code / 16);
    set.visited[i] = Math.floor(code / 8) % 2;
    set.ratings[i] = code % 8;
  });
  return set;
}

const emptySet = (version: number, length: number): SearchSet => ({
  version,
  ids: new Int32Array(length),
  ratings: new Uint8Array(length),
  visited: new Uint8Array(length),
});

/**
 * The set one version on: the changed spots out, those of them matching the words now
 * back in at their place. Undefined when the log no longer reaches back (read again).
 */
async function caughtUpSet(
  db: Db,
  userId: number,
  words: string[],
  set: SearchSet,
  atLeast: number,
): Promise<SearchSet | undefined> {
  const read = await readChangesFor(db, userId, set.version, atLeast);
  if (!read) return;
  const changed = new Set(read.changes.map((c) => c.id));
  const added = new Map<number, SpotImage>();
  for (const { after } of read.changes) {
    if (after && matchesWords(after.search_norm!, words, 'postgres')) added.set(after.id, after);
  }
  const joining = [...added.values()].sort((a, b) => a.id - b.id);
  const staying = set.ids.reduce((n, id) => n + (changed.has(id) ? 0 : 1), 0);
  const next = emptySet(read.version, staying + joining.length);
  let [a, to] = [0, 0];
  const put = (id: number, rating: number, visited: number) => {
    next.ids[to] = id;
    next.ratings[to] = rating;
    next.visited[to++] = visited;
  };
  for (let i = 0; i <= set.ids.length; i++) {
    const id = i < set.ids.length ? set.ids[i]! : Infinity;
    while (a < joining.length && joining[a]!.id < id) {
      const spot = joining[a++]!;
      put(spot.id, spot.rating, spot.visited);
    }
    if (i < set.ids.length && !changed.has(id)) put(id, set.ratings[i]!, set.visited[i]!);
  }
  return next;
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
    sizeCalculation: (set) => 6 * set.ids.length + 100,
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
      set = await caughtUpSet(db, userId, words, set, version);
      if (set) keep(key, set);
    }
    if (!set || set.version !== version) {
      const read = (set = await readSet(db, userId, words, version));
      found.push(() => keep(key, read));
    }
    return orderFromSet(set, q);
  };
}
