import type { Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { perDatabase } from '../../db/per-database.ts';
import { perTurnLoader } from '../../db/per-turn-loader.ts';
import { presentJoinedSpots, spotsWithPhotos } from './presenter.ts';

const spotsWithPhotosIn = compiledOnce((db, ids: number[]) =>
  spotsWithPhotos(db).where('r.id', 'in', ids),
);

/**
 * Spots as answers show them (with their places and photos) by id, whoever asks: the spots
 * of one turn of the event loop's spot pages, gallery cards and write answers are read in
 * one statement (decision 023, session 28). Who may see a spot is the caller's to decide.
 */
export const spotsById = perDatabase((db: Db) =>
  perTurnLoader<number, Review>(async (ids) => {
    const spots = presentJoinedSpots(await spotsWithPhotosIn(db, ids));
    return new Map(spots.map((spot) => [spot.id, spot]));
  }, 128),
);
