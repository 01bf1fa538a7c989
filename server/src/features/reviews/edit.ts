import { REVIEW_MESSAGES, type Review, type ReviewUpdateBody } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { editedAnswer } from './presenter.ts';
import * as spots from './repository.ts';
import type { SpotRead } from './spots-by-id.ts';

/**
 * `PUT /api/reviews/review/{id}/`: the author's edit of their spot, answered with the spot
 * as saved. `read` is the spot as `findSpotToEdit` reads it (its row and its answer), sent
 * beside the session's read (routes.ts) with the turn's other spots. On PostgreSQL each statement in a row is a wait
 * for the event loop under load (decision 023, session 22), so the edit is two: that read,
 * then the write, which checks the lists asked for itself (updateSpot); the answer is the
 * one read, changed as written. A spot that is not the caller's is a 404 whatever the
 * lists say.
 */
export async function editSpot(
  db: Db,
  userId: number,
  read: Promise<SpotRead | undefined>,
  body: ReviewUpdateBody,
): Promise<Review> {
  const found = await read;
  const spot = spots.ownedBy(found?.row, userId);
  if (!found || !spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
  const saved = await spots.updateSpot(db, spot, body);
  if (saved) return editedAnswer(found.answer, saved);
  // Nothing was written: a list that is not theirs, or the spot deleted since the read.
  const wanted = body.lists ?? [];
  const owned = await spots.ownListIds(db, userId, wanted);
  if (wanted.some((listId) => !owned.has(listId))) {
    throw fieldError('lists', REVIEW_MESSAGES.notYourList);
  }
  throw notFound(REVIEW_MESSAGES.spotNotFound);
}
