import type { ListSpot } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { presentSpot, SPOT_COLUMNS } from '../reviews/presenter.ts';

/**
 * Every spot of a list with its place and the entry's note, newest-added first, in one
 * query (no per-spot look-ups: a list of 2,000 spots is one round trip). The spot itself
 * is shaped by the reviews feature's presenter, so it matches every other spot answer.
 */
export async function listSpots(db: Db, listId: number): Promise<ListSpot[]> {
  const rows = await db
    .selectFrom('list_reviews as lr')
    .innerJoin('reviews as r', 'r.id', 'lr.review_id')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .select([...SPOT_COLUMNS, 'lr.notes', 'lr.added_at'])
    .where('lr.list_id', '=', listId)
    .orderBy('lr.added_at', 'desc')
    .orderBy('lr.id', 'desc')
    .execute();
  // Extends the presented spot in place: one object per spot instead of two copies.
  return rows.map((row) =>
    Object.assign(presentSpot(row), {
      added_to_list_at: new Date(row.added_at).toISOString(),
      notes: row.notes,
    }),
  );
}
