import { sql, type Expression, type QueryCreator, type SqlBool } from 'kysely';
import type { Db, DialectName } from '../../db/connection.ts';
import { PG_SEARCH_VECTOR_SQL } from '../../db/migrations/002_reviews_search.ts';
import type { Database } from '../../db/schema.ts';
import type { Positions } from './gallery-positions.ts';
import { ftsMatchQuery, pgTsQuery, queryWords } from './search-text.ts';
import {
  filterConditions,
  seekRanges,
  SORT_KEYS,
  type GalleryQuery,
  type SortKey,
  type SortMark,
} from './sort-keys.ts';

/** One query's order: walk it from a mark (or the start), and count it. */
export interface OrderSource {
  /** `limit` spots from `offset` entries past `from` (inclusive), in the query's order. */
  walk(from: SortMark | undefined, offset: number, limit: number): Promise<SortMark[]>;
  count(): Promise<number>;
}

/**
 * The query's order read from the covering index of its sort or filter (migration 002).
 *
 * A search narrows it to the spots of the search index's matches. Few matches: the
 * matches drive (each is looked up and the few are sorted). Many matches ("garden", a
 * one-letter prefix): sorting them all is what made a broad search slow, so the ordered
 * index is walked instead and each entry tested against the set of matches, stopping at
 * the page; a match is then at worst one entry in (all spots / matches).
 */
export function indexWalk(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  at: Positions,
  broadSearch: number,
): OrderSource {
  const words = queryWords(q.search);
  const search = words.length ? searchIndex(db, dialect, userId, words) : undefined;
  const order = SORT_KEYS[q.sortBy];

  const spots = async (qc: QueryCreator<Database>) => {
    let condition: Expression<SqlBool>[] = filterConditions(q);
    if (search) {
      at.matches ??= await search.count();
      condition = [...condition, ...search.contains(at.matches >= broadSearch)];
    }
    // PostgreSQL searches read the matches' own copies of the filter and sort columns.
    const table = `${search?.table ?? 'reviews'} as r` as 'reviews as r';
    return condition.reduce(
      (b, c) => b.where(c),
      qc.selectFrom(table).where('r.user_id', '=', userId),
    );
  };

  return {
    async walk(from, offset, limit) {
      const ranges = from === undefined ? [] : seekRanges(q.sortBy, from);
      const qc = search?.with(db) ?? db;
      if (ranges.length < 2) {
        const base = await spots(qc);
        return order
          .reduce((b, [key, dir]) => b.orderBy(key, dir), base)
          .$if(ranges.length > 0, (b) => b.where(ranges[0]!))
          .select(['r.id', 'r.rating'])
          .limit(limit)
          .offset(offset)
          .execute();
      }
      // Two ranges, in this order: both databases merge the two ordered index reads.
      const [[key, dir]] = order as [SortKey];
      const arm = async (n: number) =>
        (await spots(db))
          .where(ranges[n]!)
          .select(['r.id', 'r.rating', sql.lit(n).as('arm'), sql<number>`${key}`.as('sort_key')]);
      const [first, second] = [await arm(0), await arm(1)];
      return qc
        .selectFrom(first.unionAll(second).as('u'))
        .select(['u.id', 'u.rating'])
        .orderBy('u.arm')
        .orderBy('u.sort_key', dir)
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async count() {
      const narrowed = q.type ?? q.city ?? q.country;
      if (narrowed === undefined && !search) return counted(db, userId, q);
      if (narrowed === undefined && q.visited === 'both')
        return (at.matches ??= await search!.count());
      const base = await spots(search?.with(db) ?? db);
      const row = await base
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

/** All spots, or visited / not visited: the per-user counters kept by triggers (002). */
async function counted(db: Db, userId: number, q: GalleryQuery) {
  const counts = await db
    .selectFrom('spot_counts')
    .select(['total', 'visited'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const { total = 0, visited = 0 } = counts ?? {};
  return q.visited === 'both' ? total : q.visited === 'true' ? visited : total - visited;
}

interface SearchIndex {
  /** Spots matching the words. */
  count(): Promise<number>;
  /** Adds what `contains` needs to a query (PostgreSQL: the matches, computed once). */
  with(db: Db): QueryCreator<Database>;
  /** "r is a match": driving the plan (few matches) or tested per index entry (many). */
  contains(broad: boolean): Expression<SqlBool>[];
  /** Read the spots from this table instead of `reviews`. */
  table?: 'hits';
}

function searchIndex(db: Db, dialect: DialectName, userId: number, words: string[]): SearchIndex {
  if (dialect === 'sqlite') {
    const match = ftsMatchQuery(userId, words);
    const ids = sql`(select rowid from reviews_search where reviews_search match ${match})`;
    return {
      count: async () => {
        const { rows } = await sql<{ count: number }>`select count(*) as count
          from reviews_search where reviews_search match ${match}`.execute(db);
        return Number(rows[0]?.count ?? 0);
      },
      with: (db) => db,
      // `+r.id` keeps SQLite from looking the matches up by rowid: it walks the ordered
      // index and tests each entry against the matches, read once into a lookup table.
      contains: (broad) => [broad ? sql<SqlBool>`+r.id in ${ids}` : sql<SqlBool>`r.id in ${ids}`],
    };
  }
  const tsquery = pgTsQuery(userId, words);
  const matching = sql<SqlBool>`${sql.raw(PG_SEARCH_VECTOR_SQL)} @@ ${tsquery}::tsquery`;
  return {
    count: async () => {
      const row = await db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(matching)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    // MATERIALIZED: the GIN index finds the matches once, with the columns filters and
    // sorts need. Without the fence the planner may walk an index testing each row's
    // terms, rebuilt per row (120 ms for a 1% word).
    with: (db) =>
      db.with(
        (cte) => cte('hits').materialized(),
        (qc) =>
          qc
            .selectFrom('reviews')
            .select([
              'id',
              'user_id',
              'rating',
              'visited',
              'place_type',
              'place_city',
              'place_country',
            ])
            .where(matching),
      ) as unknown as QueryCreator<Database>,
    contains: () => [],
    table: 'hits',
  };
}
