import { REVIEW_MESSAGES, type Review, type ReviewUpdateBody } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { SpotRow } from './presenter.ts';
import * as spots from './repository.ts';

/**
 * `PUT /api/reviews/review/{id}/`: the author's edit of their spot, answered with the spot
 * as saved. `read` is the spot's row as `findSpot` reads it, sent beside the session's
 * read (routes.ts); the check of the lists asked for goes out while it is on its way. On
 * PostgreSQL each statement in a row is a wait for the event loop under load (decision
 * 023, session 22). A spot that is not the caller's is a 404 whatever the lists say.
 */
export async function editSpot(
  db: Db,
  userId: number,
  read: Promise<SpotRow | undefined>,
  body: ReviewUpdateBody,
): Promise<Review> {
  const wanted = body.lists ?? [];
  const [found, owned] = await Promise.all([read, spots.ownListIds(db, userId, wanted)]);
  const spot = spots.ownedBy(found, userId);
  if (!spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
  if (wanted.some((listId) => !owned.has(listId))) {
    throw fieldError('lists', REVIEW_MESSAGES.notYourList);
  }
  await spots.updateSpot(db, spot, body);
  return (await spots.spotAnswer(db, spot.id))!;
}
