// The gallery query as of commit 3555b33 (before decision 004's "Deep pages and broad searches"),
// kept only so bench/gallery.ts can time old and new interleaved in one run.
import { sql, type Expression, type QueryCreator, type SqlBool } from 'kysely';
import type { ReviewsPage } from '@spotbook/contract';
import type { Db, DialectName } from '../server/src/db/connection.ts';
import { PG_SEARCH_VECTOR_SQL } from '../server/src/db/migrations/002_reviews_search.ts';
import type { Database } from '../server/src/db/schema.ts';
import { presentSpots, SPOT_COLUMNS } from '../server/src/features/reviews/presenter.ts';
import {
  ftsMatchQuery,
  pgTsQuery,
  queryWords,
} from '../server/src/features/reviews/search-text.ts';
import {
  filterConditions,
  SORT_KEYS,
  type GalleryQuery,
} from '../server/src/features/reviews/sort-keys.ts';

/**
 * A search on PostgreSQL: the GIN index finds the user's matches first (a MATERIALIZED
 * step), then filters, order, offset and count work on those few rows only.
 *
 * Without the fence the planner prefers walking an ordered index and testing each row
 * against the search, because it can't know how costly building a row's terms is;
 * for a word in 1% of the spots that is hundreds of rows per result. The hits carry the
 * user id in their terms (migration 002), so no user_id index needs ANDing in.
 */
async function pgSearchPage(db: Db, userId: number, q: GalleryQuery): Promise<ReviewsPage> {
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

/** A search with no other filter, newest or oldest first. */
const isPlainSearch = (q: GalleryQuery) =>
  queryWords(q.search).length > 0 &&
  (q.sortBy === 'newest' || q.sortBy === 'oldest') &&
  q.type === undefined &&
  q.city === undefined &&
  q.country === undefined &&
  q.visited === 'both';

/**
 * On SQLite such a search never needs the reviews table to pick a page: the FTS index
 * holds only this user's terms and iterates in rowid (= id = creation) order, so the ids
 * and the count come from the index alone and only the page's rows are read.
 */
async function sqlitePlainSearchPage(
  db: Db,
  userId: number,
  q: GalleryQuery,
): Promise<ReviewsPage> {
  const match = ftsMatchQuery(userId, queryWords(q.search));
  const dir = sql.raw(q.sortBy === 'oldest' ? 'asc' : 'desc');
  const ids = await sql<{ id: number }>`select rowid as id from reviews_search
    where reviews_search match ${match} order by rowid ${dir} limit ${q.limit} offset ${q.offset}`
    .execute(db)
    .then((r) => r.rows.map((row) => row.id));
  const counted = await sql<{ count: number }>`select count(*) as count from reviews_search
    where reviews_search match ${match}`.execute(db);
  const rows = ids.length
    ? await db
        .selectFrom('reviews as r')
        .innerJoin('places as p', 'p.id', 'r.place_id')
        .select(SPOT_COLUMNS)
        .where('r.id', 'in', ids)
        .where('r.user_id', '=', userId)
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const results = await presentSpots(db, ordered);
  return { count: Number(counted.rows[0]?.count ?? 0), results };
}

/** One user's spots narrowed by the gallery's filters (no order, no columns yet). */
function userSpots(qc: QueryCreator<Database>, userId: number, q: GalleryQuery) {
  const words = queryWords(q.search);
  // SQLite only: PostgreSQL searches take their own path (gallery-counted-search.ts).
  const search = sql<SqlBool>`r.id in (select rowid from reviews_search
    where reviews_search match ${ftsMatchQuery(userId, words)})`;
  return filterConditions(q)
    .reduce((b, condition) => b.where(condition), qc.selectFrom('reviews as r'))
    .where('r.user_id', '=', userId)
    .$if(words.length > 0, (b) => b.where(search));
}

/**
 * A page of the gallery and its count. The page is a "late row lookup": the ids are
 * picked (and the offset skipped) on a covering index, and only the `limit` rows found
 * are joined to their columns and places, so page 1,000 costs about what page 1 does.
 */
export async function galleryPageBefore(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
): Promise<ReviewsPage> {
  const searching = queryWords(q.search).length > 0;
  if (searching && dialect === 'postgres') return pgSearchPage(db, userId, q);
  if (searching && isPlainSearch(q)) return sqlitePlainSearchPage(db, userId, q);
  const order = SORT_KEYS[q.sortBy];
  const rows = order
    .reduce(
      (b, [key, dir]) => b.orderBy(key, dir),
      db
        .with('page', (qc) =>
          order
            .reduce((b, [key, dir]) => b.orderBy(key, dir), userSpots(qc, userId, q))
            .select('r.id')
            .limit(q.limit)
            .offset(q.offset),
        )
        .selectFrom('page')
        .innerJoin('reviews as r', 'r.id', 'page.id')
        .innerJoin('places as p', 'p.id', 'r.place_id')
        .select(SPOT_COLUMNS),
    )
    .execute();
  // In parallel: on PostgreSQL they run on two pooled connections.
  const [spots, count] = await Promise.all([rows, countSpots(db, userId, q)]);
  return { count, results: await presentSpots(db, spots) };
}

async function countSpots(db: Db, userId: number, q: GalleryQuery): Promise<number> {
  const narrowed = q.type ?? q.city ?? q.country ?? queryWords(q.search)[0];
  if (narrowed === undefined) {
    // Only `visited` (or nothing): the per-user counters kept by triggers (migration 002).
    const counts = await db
      .selectFrom('spot_counts')
      .select(['total', 'visited'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const { total = 0, visited = 0 } = counts ?? {};
    return q.visited === 'both' ? total : q.visited === 'true' ? visited : total - visited;
  }
  const counted = await userSpots(db, userId, q)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}
