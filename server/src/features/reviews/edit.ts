import { REVIEW_MESSAGES, type Review, type ReviewUpdateBody } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import * as spots from './repository.ts';

/**
 * `PUT /api/reviews/review/{id}/`: the author's edit of their spot, answered with the spot
 * as saved. The spot's read and the check of the lists asked for need nothing of each
 * other, so they go out together: on PostgreSQL each is a wait for the event loop under
 * load (decision 023, session 22). A spot that is not the caller's is a 404 whatever the
 * lists say, as before.
 */
export async function editSpot(
  db: Db,
  userId: number,
  spotId: number,
  body: ReviewUpdateBody,
): Promise<Review> {
  const wanted = body.lists ?? [];
  const [spot, owned] = await Promise.all([
    spots.ownSpot(db, spotId, userId),
    spots.ownListIds(db, userId, wanted),
  ]);
  if (!spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
  if (wanted.some((listId) => !owned.has(listId))) {
    throw fieldError('lists', REVIEW_MESSAGES.notYourList);
  }
  await spots.updateSpot(db, spot, body);
  return (await spots.spotAnswer(db, spot.id))!;
}
