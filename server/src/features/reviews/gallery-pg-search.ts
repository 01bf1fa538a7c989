import { sql, type Expression, type SqlBool } from 'kysely';
import type { ReviewsPage } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { PG_SEARCH_VECTOR_SQL } from '../../db/migrations/002_reviews_search.ts';
import { presentSpots, SPOT_COLUMNS } from './presenter.ts';
import { pgTsQuery, queryWords } from './search-text.ts';
import { filterConditions, SORT_KEYS, type GalleryQuery } from './sort-keys.ts';

/**
 * A search on PostgreSQL: the GIN index finds the user's matches first (a MATERIALIZED
 * step), then filters, order, offset and count work on those few rows only.
 *
 * Without the fence the planner prefers walking an ordered index and testing each row
 * against the search, because it can't know how costly building a row's terms is;
 * for a word in 1% of the spots that is hundreds of rows per result. The hits carry the
 * user id in their terms (migration 002), so no user_id index needs ANDing in.
 */
export async function pgSearchPage(db: Db, userId: number, q: GalleryQuery): Promise<ReviewsPage> {
  const tsquery = pgTsQuery(userId, queryWords(q.search));
  const order = SORT_KEYS[q.sortBy];
  const withHits = db.with(
    (cte) => cte('hits').materialized(),
    (qc) =>
      qc
        .selectFrom('reviews')
        .select(['id', 'user_id', 'rating', 'visited', 'place_type', 'place_city', 'place_country'])
        .where(sql<SqlBool>`${sql.raw(PG_SEARCH_VECTOR_SQL)} @@ ${tsquery}::tsquery`),
  );
  /** The hits of this user that pass the other filters. */
  const narrow = <B extends { where(condition: Expression<SqlBool>): B }>(hits: B) =>
    [sql<SqlBool>`r.user_id = ${userId}`, ...filterConditions(q)].reduce(
      (b, condition) => b.where(condition),
      hits,
    );

  const rows = await order
    .reduce(
      (b, [key, dir]) => b.orderBy(key, dir),
      withHits
        .with('page', (qc) =>
          order
            .reduce((b, [key, dir]) => b.orderBy(key, dir), narrow(qc.selectFrom('hits as r')))
            // The total rides along with the page: one pass over the hits.
            .select(['r.id', sql<number>`count(*) over ()`.as('total')])
            .limit(q.limit)
            .offset(q.offset),
        )
        .selectFrom('page')
        .innerJoin('reviews as r', 'r.id', 'page.id')
        .innerJoin('places as p', 'p.id', 'r.place_id')
        .select([...SPOT_COLUMNS, 'page.total']),
    )
    .execute();
  let count = rows[0]?.total ?? 0;
  if (!rows.length && q.offset > 0) {
    // A page past the end still reports the total.
    const counted = await narrow(withHits.selectFrom('hits as r'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    count = counted.count;
  }
  return { count: Number(count), results: await presentSpots(db, rows) };
}
