import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { OrderSource } from './gallery-index-walk.ts';
import { ftsMatchQuery, queryWords } from './search-text.ts';
import type { GalleryQuery } from './sort-keys.ts';

/** A search with no other filter, newest or oldest first. */
export const isPlainSearch = (q: GalleryQuery) =>
  queryWords(q.search).length > 0 &&
  (q.sortBy === 'newest' || q.sortBy === 'oldest') &&
  q.type === undefined &&
  q.city === undefined &&
  q.country === undefined &&
  q.visited === 'both';

/**
 * On SQLite such a search never needs the reviews table for its order: the FTS index holds
 * only this user's terms and iterates in rowid (= id = creation) order, so the ids come
 * from it alone (from a mark: `rowid` ranges are pushed into FTS5).
 */
export function sqliteFtsWalk(db: Db, userId: number, q: GalleryQuery): Pick<OrderSource, 'walk'> {
  const match = ftsMatchQuery(userId, queryWords(q.search));
  const oldest = q.sortBy === 'oldest';
  const dir = sql.raw(oldest ? 'asc' : 'desc');
  return {
    async walk(from, offset, limit) {
      const seek =
        from === undefined ? sql`` : sql`and rowid ${sql.raw(oldest ? '>=' : '<=')} ${from.id}`;
      const { rows } = await sql<{ id: number }>`select rowid as id from reviews_search
        where reviews_search match ${match} ${seek}
        order by rowid ${dir} limit ${limit} offset ${offset}`.execute(db);
      return rows.map(({ id }) => ({ id, rating: 0 }));
    },
  };
}
