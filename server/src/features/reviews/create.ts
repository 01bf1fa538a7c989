import type { z } from 'zod';
import type { createPlaceReviewSchema } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ensureOnList } from '../lists/list-reviews-repository.ts';
import type { PlacesProvider } from '../places/provider.ts';
import { placeForUser, userReviewOfPlace, type PlaceRow } from '../places/store.ts';
import { ownListIds } from './repository.ts';
import { spotColumns } from './spot-columns.ts';

export type CreatePlaceReview = z.output<typeof createPlaceReviewSchema>;

export type CreateOutcome =
  | { kind: 'created'; id: number; firstSpot: boolean }
  | { kind: 'duplicate'; id: number }
  | { kind: 'unknownPlace' }
  | { kind: 'notYourList' };

/**
 * POST /api/reviews/create-place-review/ (contract §4): one spot per place per user; a
 * second attempt reports the existing spot and still puts it on the list, so the web's
 * "Add to list" flow works in one call. Place details come from the provider, by id.
 */
export async function createPlaceReview(
  db: Db,
  provider: Pick<PlacesProvider, 'getPlace'>,
  userId: number,
  body: CreatePlaceReview,
): Promise<CreateOutcome> {
  const listId = body.list_id ?? null;
  if (listId !== null && !(await ownListIds(db, userId, [listId])).has(listId)) {
    return { kind: 'notYourList' };
  }
  const existing = await userReviewOfPlace(db, userId, body.place.id);
  if (existing) {
    if (listId !== null) await ensureOnList(db, listId, existing.id);
    return { kind: 'duplicate', id: existing.id };
  }
  const place = await placeForUser(db, provider, userId, body.place.id);
  if (!place) return { kind: 'unknownPlace' };

  const { review, rating, visited } = body.review;
  const now = clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      const earlier = await trx
        .selectFrom('reviews')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      const id = await insertSpot(trx, userId, place, { review, rating, visited }, now);
      if (listId !== null) await ensureOnList(trx, listId, id);
      return { kind: 'created' as const, id, firstSpot: !earlier };
    });
  } catch (error) {
    // Two tabs saving the same place at once: the unique (user, place) index decides.
    if (!isUniqueViolation(error)) throw error;
    const winner = await userReviewOfPlace(db, userId, place.id);
    if (!winner) throw error;
    if (listId !== null) await ensureOnList(db, listId, winner.id);
    return { kind: 'duplicate', id: winner.id };
  }
}

/**
 * One spot row, inside the caller's transaction (here, and an import's confirm, which
 * creates all its spots in one). The unique (user, place) index refuses a second spot.
 */
export async function insertSpot(
  trx: Db,
  userId: number,
  place: PlaceRow,
  spot: { review: string; rating: number; visited: boolean },
  now: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('reviews')
    .values({
      user_id: userId,
      place_id: place.id,
      review: spot.review,
      rating: spot.rating,
      visited: spot.visited ? 1 : 0,
      created_at: now,
      updated_at: now,
      ...spotColumns(place, spot.review),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
