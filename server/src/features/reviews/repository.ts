import type { Review, ReviewListRef, ReviewUpdateBody, User } from '@spotbook/contract';
import { expressionBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, ReviewsTable } from '../../db/schema.ts';
import type { SessionGuard } from '../../plugins/session.ts';
import { sessionHolds } from '../../plugins/session-holds.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { clock } from '../../lib/clock.ts';
import { SPOT_COLUMNS, type SpotChanges, type SpotRow } from './presenter.ts';
import { isPostgres } from '../../db/dialect.ts';
import { setListsOfSpot, updateSpotAndSetLists } from '../lists/list-reviews-repository.ts';
import { spotColumns } from './spot-columns.ts';
import { spotReadsById, spotsById, type SpotRead } from './spots-by-id.ts';

const spotById = compiledOnce((db, id: number) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .select(SPOT_COLUMNS)
    .where('r.id', '=', id),
);

export async function findSpot(db: Db, id: number): Promise<SpotRow | undefined> {
  return (await spotById(db, id))[0];
}

/**
 * The spot to edit, read with the turn's other spots (spotReadsById): its row and its
 * answer, so the edit answers without reading it again.
 */
export function findSpotToEdit(db: Db, id: number): Promise<SpotRead | undefined> {
  return spotReadsById(db)(id);
}

/** The author's shareable lists holding the spot, or all of them for the author. */
export function listsHoldingSpot(
  db: Db,
  spot: Pick<SpotRow, 'id' | 'user_id'>,
  onlyShareable: boolean,
): Promise<ReviewListRef[]> {
  return db
    .selectFrom('list_reviews as lr')
    .innerJoin('lists as l', 'l.id', 'lr.list_id')
    .select(['l.id', 'l.name', 'l.slug', 'l.shareable_by_link'])
    .where('lr.review_id', '=', spot.id)
    .where('l.user_id', '=', spot.user_id)
    .$if(onlyShareable, (q) => q.where('l.shareable_by_link', '=', 1))
    .orderBy('l.name')
    .orderBy('l.id')
    .execute()
    .then((rows) => rows.map((l) => ({ ...l, shareable_by_link: l.shareable_by_link === 1 })));
}

/**
 * Contract §4, spot visibility: the author, and anyone who may view a shareable list
 * holding the spot (signed in or not). Undefined otherwise, exactly as for a missing id.
 */
export async function visibleSpot(
  db: Db,
  id: number,
  viewer: User | null,
): Promise<SpotRow | undefined> {
  const spot = await findSpot(db, id);
  return spot && (await mayView(db, spot.id, spot.user_id, viewer)) ? spot : undefined;
}

const mayView = async (db: Db, spotId: number, authorId: number, viewer: User | null) =>
  authorId === viewer?.id || (await sharedListOfSpot(db, spotId, authorId)).length > 0;

/** A spot as answers show it, read with its photos (and the turn's other spots, spotsById). */
export function spotAnswer(db: Db, id: number): Promise<Review | undefined> {
  return spotsById(db)(id);
}

/** The spot page's answer: `spot` as `spotAnswer` read it, under visibleSpot's rule. */
export async function visibleSpotAnswer(
  db: Db,
  spot: Review | undefined,
  viewer: User | null,
): Promise<Review | undefined> {
  return spot && (await mayView(db, spot.id, spot.user, viewer)) ? spot : undefined;
}

/** A shareable list of the spot's author holding it, if there is one. */
const sharedListOfSpot = compiledOnce((db, spotId: number, authorId: number) =>
  db
    .selectFrom('list_reviews as lr')
    .innerJoin('lists as l', 'l.id', 'lr.list_id')
    .select('l.id')
    .where('lr.review_id', '=', spotId)
    .where('l.user_id', '=', authorId)
    .where('l.shareable_by_link', '=', 1)
    .limit(1),
);

/** Changing or deleting a spot is its author's alone; for anyone else it doesn't exist. */
export async function ownSpot(db: Db, id: number, userId: number) {
  return ownedBy(await findSpot(db, id), userId);
}

/** `spot` if it is `userId`'s, else undefined (ownSpot's rule, on a row read already). */
export const ownedBy = (spot: SpotRow | undefined, userId: number) =>
  spot?.user_id === userId ? spot : undefined;

/** Which of `ids` are lists of `userId`. */
export async function ownListIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('lists')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * PUT: the given fields, and (when `lists` is given) exactly those of the author's lists
 * holding the spot. Both or neither, and nothing when a list given is not the author's:
 * one statement on PostgreSQL (no list check before it, a round trip less), a transaction
 * on SQLite (no round trips to save there). The changes written, or undefined when nothing
 * was (a list not the author's, or the spot deleted meanwhile).
 */
export async function updateSpot(
  db: Db,
  spot: SpotRow,
  body: ReviewUpdateBody,
): Promise<SpotChanges | undefined> {
  const text = body.review ?? spot.review;
  const saved: SpotChanges = {
    review: text,
    rating: body.rating ?? spot.rating,
    visited: body.visited === undefined ? spot.visited : body.visited ? 1 : 0,
    updated_at: clock.now(),
  };
  const changes = { ...saved, ...spotColumns(spot, text) };
  const update = async (trx: Db) =>
    (await trx.updateTable('reviews').set(changes).where('id', '=', spot.id).executeTakeFirst())
      .numUpdatedRows > 0n;
  const lists = body.lists;
  // One statement is atomic alone (its triggers' change log with it). On PostgreSQL a
  // transaction around it would be two more round trips, each a wait for the event loop
  // under load (decision 023, session 20).
  if (!lists) return (await update(db)) ? saved : undefined;
  if (isPostgres(db)) {
    const done = await updateSpotAndSetLists(db, spot, changes, lists, saved.updated_at);
    return done ? saved : undefined;
  }
  const done = await db.transaction().execute(async (trx) => {
    const owned = await ownListIds(trx, spot.user_id, lists);
    if (lists.some((listId) => !owned.has(listId)) || !(await update(trx))) return false;
    await setListsOfSpot(trx, spot.id, lists, saved.updated_at);
    return true;
  });
  return done ? saved : undefined;
}

/**
 * PostgreSQL: an edit that keeps the spot's text, written without its row in hand: the
 * search column and the place's copies depend only on the text and the place, so they stay
 * as they are and only the fields given are set (and the lists, as updateSpot sets them).
 * It writes only if the spot is the session's user's, its text is the body's (any, when
 * the body has none), and the session holds, at that instant. Sent beside the reads of
 * the session and the spot, the edit is one wait, not two (edit-beside-session.ts). True
 * when it wrote.
 */
export async function updateKeepingText(
  db: Db,
  session: SessionGuard,
  id: number,
  body: ReviewUpdateBody,
  now: number,
): Promise<boolean> {
  const changes: Updateable<ReviewsTable> = { updated_at: now };
  if (body.rating !== undefined) changes.rating = body.rating;
  if (body.visited !== undefined) changes.visited = body.visited ? 1 : 0;
  const eb = expressionBuilder<Database, 'reviews'>();
  const only = eb.and([
    eb('user_id', '=', session.userId),
    ...(body.review === undefined ? [] : [eb('review', '=', body.review)]),
    sessionHolds(session),
  ]);
  if (body.lists) {
    const spot = { id, user_id: session.userId };
    return updateSpotAndSetLists(db, spot, changes, body.lists, now, only);
  }
  const result = await db
    .updateTable('reviews')
    .set(changes)
    .where('id', '=', id)
    .where(only)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the spot; its list entries go with it (FK cascade), its place stays. */
export async function deleteSpot(db: Db, id: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('reviews')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
