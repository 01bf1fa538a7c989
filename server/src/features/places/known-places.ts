import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection.ts';
import { perDatabase } from '../../db/per-database.ts';
import { isCustomPlaceId, type PlaceRow } from './store.ts';

/**
 * Stored provider places this process has read or written, by id: a new spot of one needs
 * no read of its place (features/reviews/create.ts). A provider's place is stored once and
 * never changed or deleted (store.ts). Custom pins are left out: they go with their owner's
 * account, and SQLite may give a later account the same id.
 */
const knownPlaces = perDatabase((_db: Db) => new LRUCache<string, PlaceRow>({ max: 4096 }));

export const knownPlace = (db: Db, id: string): PlaceRow | undefined =>
  isCustomPlaceId(id) ? undefined : knownPlaces(db).get(id);

export function rememberPlace(db: Db, place: PlaceRow): void {
  if (!isCustomPlaceId(place.id)) knownPlaces(db).set(place.id, place);
}
