import { sql, type QueryCreator, type SqlBool } from 'kysely';
import type { ReviewsPage } from '@spotbook/contract';
import type { Db, DialectName } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { isPlainSearch, sqlitePlainSearchPage } from './gallery-sqlite-search.ts';
import { pgSearchPage } from './gallery-pg-search.ts';
import { presentSpots, SPOT_COLUMNS } from './presenter.ts';
import { ftsMatchQuery, queryWords } from './search-text.ts';
import { filterConditions, SORT_KEYS, type GalleryQuery } from './sort-keys.ts';

export type { GalleryQuery } from './sort-keys.ts';

/** One user's spots narrowed by the gallery's filters (no order, no columns yet). */
function userSpots(qc: QueryCreator<Database>, userId: number, q: GalleryQuery) {
  const words = queryWords(q.search);
  // SQLite only: PostgreSQL searches take their own path (gallery-pg-search.ts).
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
export async function galleryPage(
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
