import type { z } from 'zod';
import type { createPlaceReviewSchema, Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { isPostgres } from '../../db/dialect.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { clock } from '../../lib/clock.ts';
import { ensureOnList } from '../lists/list-reviews-repository.ts';
import type { SessionGuard } from '../../plugins/session.ts';
import type { PlacesProvider } from '../places/provider.ts';
import {
  findPlace,
  placeForUserFromStored,
  userReviewOfPlace,
  type PlaceRow,
} from '../places/store.ts';
import { knownPlace, rememberPlace } from '../places/known-places.ts';
import {
  checkedSpotInsert,
  creationChecks,
  NO_LIST,
  type CreationChecks,
  type NewSpotRow,
} from './creation-checks.ts';
import { presentSpot } from './presenter.ts';
import { spotColumns } from './spot-columns.ts';

export type CreatePlaceReview = z.output<typeof createPlaceReviewSchema>;

export type CreateOutcome =
  | { kind: 'created'; id: number; firstSpot: boolean; spot: Review }
  | { kind: 'duplicate'; id: number }
  | { kind: 'unknownPlace' }
  | { kind: 'notYourList' }
  | { kind: 'signedOut' };

/**
 * POST /api/reviews/create-place-review/ (contract §4): one spot per place per user; a
 * second attempt reports the existing spot and still puts it on the list, so the web's
 * "Add to list" flow works in one call. Place details come from the provider, by id.
 * The spot is the session's user's, and written only if the session holds as it is
 * written: the route may send it before the session's read is answered (session.ts,
 * `writesBesideSession`); `signedOut` if it does not.
 */
export async function createPlaceReview(
  db: Db,
  provider: Pick<PlacesProvider, 'getPlace'>,
  session: SessionGuard,
  body: CreatePlaceReview,
): Promise<CreateOutcome> {
  const { userId } = session;
  const listId = body.list_id ?? null;
  const now = clock.now();
  // A place this process knows needs no read: on PostgreSQL the checks and the insert are
  // then one statement (creation-checks.ts). SQLite has no round trips to save.
  const known = isPostgres(db) ? knownPlace(db, body.place.id) : undefined;
  try {
    const attempt = known
      ? await checkedInsert(db, session, known, body.review, now, listId)
      : await checkThenInsert(db, provider, session, body.place.id, body.review, now, listId);
    const { checks, place, id } = attempt;
    if (!checks.signed_in) return { kind: 'signedOut' };
    if (listId !== null && checks.own_list == null) return { kind: 'notYourList' };
    if (checks.existing != null) {
      if (listId !== null) await ensureOnList(db, listId, checks.existing);
      return { kind: 'duplicate', id: checks.existing };
    }
    if (!place || id === null) return { kind: 'unknownPlace' };
    // As reading it back would show it (no photos yet): a round trip less (session 32).
    const answer = presentSpot({ ...place, ...spotRow(userId, place, body.review, now), id }, []);
    return { kind: 'created', id, firstSpot: checks.earlier == null, spot: answer };
  } catch (error) {
    // Two tabs saving the same place at once: the unique (user, place) index decides.
    if (!isUniqueViolation(error)) throw error;
    const winner = await userReviewOfPlace(db, userId, body.place.id);
    if (!winner) throw error;
    if (listId !== null) await ensureOnList(db, listId, winner.id);
    return { kind: 'duplicate', id: winner.id };
  }
}

/** The checks, the place, and the new spot's id if the checks and the place allowed one. */
interface Attempt {
  checks: CreationChecks;
  place: PlaceRow | null;
  id: number | null;
}

/** The checks and the insert in one statement, the place in hand (PostgreSQL). */
async function checkedInsert(
  db: Db,
  session: SessionGuard,
  place: PlaceRow,
  spot: NewSpot,
  now: number,
  listId: number | null,
): Promise<Attempt> {
  const row = spotRow(session.userId, place, spot, now);
  const { created, ...checks } = await checkedSpotInsert(db, session, row, listId ?? NO_LIST);
  return { checks, place, id: created };
}

/**
 * The checks; then the place, from the provider if it is not stored; then the spot. Neither
 * of the first two needs the other's answer: sent together, they are one wait on PostgreSQL
 * (decision 023, session 21). The provider is asked only when the place is not stored.
 */
async function checkThenInsert(
  db: Db,
  provider: Pick<PlacesProvider, 'getPlace'>,
  session: SessionGuard,
  placeId: string,
  spot: NewSpot,
  now: number,
  listId: number | null,
): Promise<Attempt> {
  const { userId } = session;
  const [checks, stored] = await Promise.all([
    creationChecks(db, session, placeId, listId ?? NO_LIST),
    findPlace(db, placeId),
  ]);
  const none = { checks, place: null, id: null };
  const refused = !checks.signed_in || (listId !== null && checks.own_list == null);
  if (refused || checks.existing != null) return none;
  const place = await placeForUserFromStored(db, provider, userId, placeId, stored);
  if (!place) return none;
  if (isPostgres(db)) {
    rememberPlace(db, place);
    // Checked again as it is written, in one statement: a spot of the place saved meanwhile
    // (another tab) is then named by the checks, as for a known place.
    return checkedInsert(db, session, place, spot, now, listId);
  }
  // SQLite: the spot alone is one statement, atomic without a transaction; with its list
  // entry, a transaction (SQLite has no INSERT in a WITH, and no round trips to save).
  const id =
    listId === null
      ? await insertSpot(db, userId, place, spot, now)
      : await db.transaction().execute(async (trx) => {
          const created = await insertSpot(trx, userId, place, spot, now);
          await ensureOnList(trx, listId, created);
          return created;
        });
  return { checks, place, id };
}

interface NewSpot {
  review: string;
  rating: number;
  visited: boolean;
}

const spotRow = (userId: number, place: PlaceRow, spot: NewSpot, now: number): NewSpotRow => ({
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
