import type { ListSpot, Photo } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { presentSpot, SPOT_COLUMNS, type SpotRow } from '../reviews/presenter.ts';
import { photosOfSpots } from '../photos/repository.ts';

/** A spot of a list as the query returns it: the spot, its place, the entry's note and date. */
export interface ListSpotRow extends SpotRow {
  notes: string;
  added_at: number;
}

/**
 * Every spot of a list with its place and the entry's note, newest-added first, in one
 * query, and their photos in one more (no per-spot look-ups: a list of 2,000 spots is two
 * round trips). The spot itself
 * is shaped by the reviews feature's presenter, so it matches every other spot answer.
 */
export async function listSpots(db: Db, listId: number): Promise<ListSpot[]> {
  const rows = await listSpotRows(db, listId);
  const photos = await photosOfSpots(
    db,
    rows.map((row) => row.id),
  );
  return presentListSpots(rows, photos);
}

/**
 * The query of `listSpots` alone (a bench times the parts of a list's build apart); only
 * the spots `spotIds` when given (a patched answer: list-answer-build.ts).
 */
export function listSpotRows(db: Db, listId: number, spotIds?: number[]): Promise<ListSpotRow[]> {
  return db
    .selectFrom('list_reviews as lr')
    .innerJoin('reviews as r', 'r.id', 'lr.review_id')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .select([...SPOT_COLUMNS, 'lr.notes', 'lr.added_at'])
    .where('lr.list_id', '=', listId)
    .$if(spotIds !== undefined, (query) => query.where('lr.review_id', 'in', spotIds!))
    .orderBy('lr.added_at', 'desc')
    .orderBy('lr.id', 'desc')
    .execute();
}

/** The presenter part of `listSpots`: rows and their photos (photosOfSpots) as the answer shows them. */
export function presentListSpots(rows: ListSpotRow[], photos: Map<number, Photo[]>): ListSpot[] {
  // Extends the presented spot in place: one object per spot instead of two copies.
  return rows.map((row) =>
    Object.assign(presentSpot(row, photos.get(row.id) ?? []), {
      added_to_list_at: new Date(row.added_at).toISOString(),
      notes: row.notes,
    }),
  );
}
