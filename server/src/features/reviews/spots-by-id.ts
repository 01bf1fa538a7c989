import type { Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { perDatabase } from '../../db/per-database.ts';
import { perTurnLoader } from '../../db/per-turn-loader.ts';
import { presentJoinedSpots, spotsWithPhotos, type SpotRow } from './presenter.ts';

const spotsWithPhotosIn = compiledOnce((db, ids: number[]) =>
  spotsWithPhotos(db).where('r.id', 'in', ids),
);

/** A spot as read: its row (what an edit keeps, updateSpot) and its answer (with photos). */
export interface SpotRead {
  row: SpotRow;
  answer: Review;
}

/**
 * Spots with their places and photos by id, whoever asks: the spots of one turn of the
 * event loop's spot pages, edits, gallery cards and write answers are read in one
 * statement (decision 023, session 28). Who may see a spot is the caller's to decide.
 */
export const spotReadsById = perDatabase((db: Db) =>
  perTurnLoader<number, SpotRead>(async (ids) => {
    const rows = await spotsWithPhotosIn(db, ids);
    const rowOf = new Map<number, SpotRow>();
    for (const row of rows) if (!rowOf.has(row.id)) rowOf.set(row.id, row);
    const spots = presentJoinedSpots(rows);
    return new Map(spots.map((answer) => [answer.id, { row: rowOf.get(answer.id)!, answer }]));
  }, 128),
);

/** Spots as answers show them (spotReadsById's answers). */
export const spotsById = perDatabase((db: Db) => {
  const read = spotReadsById(db);
  return async (id: number): Promise<Review | undefined> => (await read(id))?.answer;
});
