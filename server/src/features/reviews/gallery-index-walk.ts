import { sql, type Expression, type QueryCreator, type SqlBool } from 'kysely';
import type { Db, DialectName } from '../../db/connection.ts';
import { PG_SEARCH_VECTOR_SQL } from '../../db/migrations/002_reviews_search.ts';
import type { Database } from '../../db/schema.ts';
import type { Positions, WholeOrder } from './gallery-positions.ts';
import { sqliteMatchCount } from './gallery-sqlite-search.ts';
import { seekWalk } from './gallery-seek-walk.ts';
import { countedBy, readSpotCounters } from './spot-counters.ts';
import { decodeOrder, pgOrderCodes, spotCode, sqliteCodes } from './gallery-whole-order.ts';
import { ftsMatchQuery, pgTsQuery, queryWords } from './search-text.ts';
import {
  filterConditions,
  hasPlaceFilter,
  REVERSED_SORT_KEYS,
  SORT_KEYS,
  type GalleryQuery,
  type SortKey,
  type SortMark,
} from './sort-keys.ts';

/** One query's order: walk it from a mark (or the start), and count it. */
export interface OrderSource {
  /** `limit` spots from `offset` entries past `from` (inclusive), in the query's order. */
  walk(from: SortMark | undefined, offset: number, limit: number): Promise<SortMark[]>;
  /** `limit` spots from `offset` entries before the end, in the query's order reversed. */
  walkBack(offset: number, limit: number): Promise<SortMark[]>;
  count(): Promise<number>;
  /** Every spot of the query, in its order (a search's whole order). */
  order(): Promise<WholeOrder>;
}

/**
 * The query's order read from the covering index of its sort or filter (migration 002).
 *
 * A search narrows it to the spots of the search index's matches. Few matches: the
 * matches drive (each is looked up and the few are sorted). Many matches ("garden", a
 * one-letter prefix): sorting them all is what made a broad search slow, so the ordered
 * index is walked instead and each entry tested against the set of matches, stopping at
 * the page; a match is then at worst one entry in (all spots / matches).
 *
 * `at` is the query's kept positions, where a search counts its matches once; an order
 * without search words needs none.
 */
export function indexWalk(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  at: Positions | undefined,
  broadSearch: number,
): OrderSource {
  const words = queryWords(q.search);
  const search = words.length ? searchIndex(db, dialect, userId, q, words) : undefined;
  const order = SORT_KEYS[q.sortBy];

  const spots = async (qc: QueryCreator<Database>) => {
    let condition: Expression<SqlBool>[] = filterConditions(q);
    if (search) {
      if (!at) throw new Error('a search walks with its kept positions');
      condition = [...condition, ...(await search.contains(at, broadSearch))];
    }
    // PostgreSQL searches read the matches' own copies of the filter and sort columns.
    const table = `${search?.table ?? 'reviews'} as r` as 'reviews as r';
    return condition.reduce(
      (b, c) => b.where(c),
      qc.selectFrom(table).where('r.user_id', '=', userId),
    );
  };

  /** Entries of one range, counting no further than `cap`. */
  const countUpTo = async (qc: QueryCreator<Database>, seek: Expression<SqlBool>, cap: number) => {
    const entries = (await spots(db)).where(seek).select(sql.lit(1).as('one')).limit(cap);
    const row = await qc
      .selectFrom(entries.as('e'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  const range = async (
    seek: Expression<SqlBool> | undefined,
    keys: SortKey[],
    offset: number,
    limit: number,
  ) =>
    keys
      .reduce((b, [key, dir]) => b.orderBy(key, dir), await spots(search?.with(db) ?? db))
      .$if(seek !== undefined, (b) => b.where(seek!))
      .select(['r.id', 'r.rating'])
      .limit(limit)
      .offset(offset)
      .execute();

  return {
    walk: (from, offset, limit) =>
      seekWalk(q, from, offset, limit, range, async (seek, cap) =>
        countUpTo(search?.with(db) ?? db, seek, cap),
      ),
    async order() {
      const qc = search?.with(db) ?? db;
      const rows = await spots(qc);
      const { codes } = await (
        dialect === 'postgres'
          ? rows.select(pgOrderCodes(order).as('codes'))
          : qc
              .selectFrom(
                order
                  .reduce((b, [key, dir]) => b.orderBy(key, dir), rows)
                  .select(spotCode.as('c'))
                  .as('o'),
              )
              .select(sqliteCodes(sql.ref('o.c')).as('codes'))
      ).executeTakeFirstOrThrow();
      return decodeOrder(codes);
    },
    walkBack: (offset, limit) => range(undefined, REVERSED_SORT_KEYS[q.sortBy], offset, limit),
    async count() {
      if (!hasPlaceFilter(q) && !search) return counted(db, userId, q);
      const base = await spots(search?.with(db) ?? db);
      const row = await base
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

/** All spots, or visited / not visited: the per-user counters kept by triggers (002). */
const counted = async (db: Db, userId: number, q: GalleryQuery) =>
  countedBy(q.visited, await readSpotCounters(db, userId));

interface SearchIndex {
  /** Adds what `contains` needs to a query (PostgreSQL: the matches, computed once). */
  with(db: Db): QueryCreator<Database>;
  /**
   * "r is a match". SQLite: the matches drive the plan when there are few, and are tested
   * per index entry from `broadSearch` on (counted once per kept entry, `at.matches`).
   */
  contains(at: Positions, broadSearch: number): Promise<Expression<SqlBool>[]>;
  /** Read the spots from this table instead of `reviews`. */
  table?: 'hits';
}

/** PostgreSQL: whether a spot on alias `r` has the words, through the GIN index (migration 002). */
export const pgWordsMatch = (userId: number, words: string[]) =>
  sql<SqlBool>`${sql.raw(PG_SEARCH_VECTOR_SQL)} @@ ${pgTsQuery(userId, words)}::tsquery`;

function searchIndex(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  words: string[],
): SearchIndex {
  if (dialect === 'sqlite') {
    const match = ftsMatchQuery(userId, words);
    const ids = sql`(select rowid from reviews_search where reviews_search match ${match})`;
    const count = async () => {
      const { rows } = await sql<{ count: number | null }>`select ${sqliteMatchCount(
        userId,
        words,
      )} as count`.execute(db);
      return Number(rows[0]?.count ?? 0);
    };
    return {
      with: (db) => db,
      // `+r.id` keeps SQLite from looking the matches up by rowid: it walks the ordered
      // index and tests each entry against the matches, read once into a lookup table.
      contains: async (at, broadSearch) => {
        at.matches ??= await count();
        return [
          at.matches >= broadSearch ? sql<SqlBool>`+r.id in ${ids}` : sql<SqlBool>`r.id in ${ids}`,
        ];
      },
    };
  }
  const matching = pgWordsMatch(userId, words);
  /*
   * The filters go inside, so only the matches they keep are read from the heap. With a
   * type, city or country the user's id goes too: the planner can then AND the GIN index
   * with that filter's (user_id, column, …) index and read the few rows in both ("garden"
   * type=museum: 226 rows, not the word's 9,347). Without one, the user's id would offer it
   * an index of all the user's spots to AND with, which narrows nothing.
   */
  const filters = [
    ...(hasPlaceFilter(q) ? [sql<SqlBool>`r.user_id = ${userId}`] : []),
    ...filterConditions(q),
  ];
  return {
    // MATERIALIZED: the GIN index finds the matches once, with the columns filters and
    // sorts need. Without the fence the planner may walk an index testing each row's
    // terms, rebuilt per row (120 ms for a 1% word).
    with: (db) =>
      db.with(
        (cte) => cte('hits').materialized(),
        (qc) =>
          filters.reduce(
            (b, c) => b.where(c),
            qc
              .selectFrom('reviews as r')
              .select([
                'r.id',
                'r.user_id',
                'r.rating',
                'r.visited',
                'r.place_type',
                'r.place_city',
                'r.place_country',
              ])
              .where(matching),
          ),
      ) as unknown as QueryCreator<Database>,
    // The hits are the matches; the plan never depends on how many there are.
    contains: async () => [],
    table: 'hits',
  };
}
