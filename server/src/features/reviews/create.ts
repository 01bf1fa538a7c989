import type { z } from 'zod';
import type { createPlaceReviewSchema, Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { isPostgres } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { clock } from '../../lib/clock.ts';
import { ensureOnList } from '../lists/list-reviews-repository.ts';
import type { PlacesProvider } from '../places/provider.ts';
import {
  findPlace,
  placeForUserFromStored,
  userReviewOfPlace,
  type PlaceRow,
} from '../places/store.ts';
import { presentSpot } from './presenter.ts';
import { spotColumns } from './spot-columns.ts';

export type CreatePlaceReview = z.output<typeof createPlaceReviewSchema>;

export type CreateOutcome =
  | { kind: 'created'; id: number; firstSpot: boolean; spot: Review }
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
  // Neither needs the other's answer: sent together, they are one wait on PostgreSQL
  // (decision 023, session 21). The provider is asked only when the place is not stored.
  const [[checks], stored] = await Promise.all([
    creationChecks(db, userId, body.place.id, listId ?? NO_LIST),
    findPlace(db, body.place.id),
  ]);
  if (listId !== null && checks?.own_list == null) return { kind: 'notYourList' };
  if (checks?.existing != null) {
    if (listId !== null) await ensureOnList(db, listId, checks.existing);
    return { kind: 'duplicate', id: checks.existing };
  }
  const place = await placeForUserFromStored(db, provider, userId, body.place.id, stored);
  if (!place) return { kind: 'unknownPlace' };

  const now = clock.now();
  const firstSpot = checks?.earlier == null;
  const spot: NewSpot = body.review;
  try {
    // Alone, the spot is one statement: atomic without a transaction.
    const id =
      listId === null
        ? await insertSpot(db, userId, place, spot, now)
        : await insertSpotOnList(db, userId, place, spot, now, listId);
    // As reading it back would show it (no photos yet): a round trip less (session 32).
    const answer = presentSpot({ ...place, ...spotRow(userId, place, spot, now), id }, []);
    return { kind: 'created', id, firstSpot, spot: answer };
  } catch (error) {
    // Two tabs saving the same place at once: the unique (user, place) index decides.
    if (!isUniqueViolation(error)) throw error;
    const winner = await userReviewOfPlace(db, userId, place.id);
    if (!winner) throw error;
    if (listId !== null) await ensureOnList(db, listId, winner.id);
    return { kind: 'duplicate', id: winner.id };
  }
}

/** No list has this id: what the list check is asked when no list is given. */
const NO_LIST = 0;

/**
 * What creating a spot depends on, in one statement, where it was three round trips on
 * PostgreSQL (decision 023, session 20): the list's id if it is the user's, the user's spot
 * of the place if they have one, and any spot of theirs (none: this is their first).
 * Two first spots saved at the same instant may both be called first; it only decides
 * whether the spot page invites photos.
 */
const creationChecks = compiledOnce((db, userId: number, placeId: string, listId: number) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('lists')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', listId)
      .as('own_list'),
    eb
      .selectFrom('reviews')
      .select('id')
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .as('existing'),
    eb.selectFrom('reviews').select('id').where('user_id', '=', userId).limit(1).as('earlier'),
  ]),
);

/**
 * A new spot and its entry on one of the user's lists: both or neither. PostgreSQL writes
 * both in one statement (the spot inserted in a WITH, the entry from its id): a transaction
 * is four round trips there, each a wait for the event loop under load (decision 023,
 * session 20). SQLite has no INSERT in a WITH, and no round trips: a transaction.
 */
async function insertSpotOnList(
  db: Db,
  userId: number,
  place: PlaceRow,
  spot: NewSpot,
  now: number,
  listId: number,
): Promise<number> {
  if (!isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const id = await insertSpot(trx, userId, place, spot, now);
      await ensureOnList(trx, listId, id);
      return id;
    });
  }
  const { review_id } = await db
    .with('spot', (w) =>
      w
        .insertInto('reviews')
        .values(spotRow(userId, place, spot, now))
        .returning('id'),
    )
    .insertInto('list_reviews')
    .columns(['list_id', 'review_id', 'notes', 'added_at'])
    .expression((eb) =>
      eb
        .selectFrom('spot')
        .select((s) => [
          s.val(listId).as('list_id'),
          'spot.id',
          s.val('').as('notes'),
          s.val(now).as('added_at'),
        ]),
    )
    .returning('review_id')
    .executeTakeFirstOrThrow();
  return review_id;
}

interface NewSpot {
  review: string;
  rating: number;
  visited: boolean;
}

const spotRow = (userId: number, place: PlaceRow, spot: NewSpot, now: number) => ({
  user_id: userId,
  place_id: place.id,
  review: spot.review,
  rating: spot.rating,
  visited: spot.visited ? 1 : 0,
  created_at: now,
  updated_at: now,
  ...spotColumns(place, spot.review),
});

/**
 * One spot row: alone, or inside the caller's transaction (a new spot on a list, and an
 * import's confirm, which creates all its spots in one). The unique (user, place) index
 * refuses a second spot.
 */
export async function insertSpot(
  trx: Db,
  userId: number,
  place: PlaceRow,
  spot: NewSpot,
  now: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('reviews')
    .values(spotRow(userId, place, spot, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
