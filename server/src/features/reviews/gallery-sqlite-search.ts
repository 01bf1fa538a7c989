import { sql } from 'kysely';
import type { ReviewsPage } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import type { GalleryQuery } from './sort-keys.ts';
import { presentSpots, SPOT_COLUMNS } from './presenter.ts';
import { ftsMatchQuery, queryWords } from './search-text.ts';

/** A search with no other filter, newest or oldest first. */
export const isPlainSearch = (q: GalleryQuery) =>
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
export async function sqlitePlainSearchPage(
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
