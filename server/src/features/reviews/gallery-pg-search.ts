import { sql, type SqlBool } from 'kysely';
import type { ReviewsPage } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { PG_SEARCH_VECTOR_SQL } from '../../db/migrations/002_reviews_search.ts';
import { presentSpot, SPOT_COLUMNS } from './presenter.ts';
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
  const matches = sql<SqlBool>`${sql.raw(PG_SEARCH_VECTOR_SQL)} @@ ${pgTsQuery(
    userId,
    queryWords(q.search),
  )}::tsquery`;
  const order = SORT_KEYS[q.sortBy];
  const withHits = db.with(
    (cte) => cte('hits').materialized(),
    (qc) =>
      qc
        .selectFrom('reviews')
        .select(['id', 'user_id', 'rating', 'visited', 'place_type', 'place_city', 'place_country'])
        .where(matches),
  );
  const filteredHits = () =>
    filterConditions(q)
      .reduce((b, condition) => b.where(condition), withHits.selectFrom('hits as r'))
      .where('r.user_id', '=', userId);

  const rows = await order
    .reduce(
      (b, [key, dir]) => b.orderBy(key, dir),
      withHits
        .with('page', (qc) =>
          order
            .reduce(
              (b, [key, dir]) => b.orderBy(key, dir),
              filterConditions(q)
                .reduce((b, condition) => b.where(condition), qc.selectFrom('hits as r'))
                .where('r.user_id', '=', userId),
            )
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
  // An empty page past the end still needs the total.
  const count =
    rows[0]?.total ??
    (q.offset === 0
      ? 0
      : (
          await filteredHits()
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count);
  return { count: Number(count), results: rows.map(presentSpot) };
}
