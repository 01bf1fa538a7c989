import { REVIEW_MESSAGES, type Review, type ReviewUpdateBody } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { isPostgres } from '../../db/dialect.ts';
import { clock } from '../../lib/clock.ts';
import { notAuthenticated, notFound } from '../../lib/errors.ts';
import type { SessionGuard } from '../../plugins/session.ts';
import { editSpot } from './edit.ts';
import { editedAnswer, type SpotChanges, type SpotRow } from './presenter.ts';
import { updateKeepingText } from './repository.ts';
import type { SpotRead } from './spots-by-id.ts';

/** An edit as the route has it, its session's read possibly not yet answered. */
export interface EditRequest {
  id: number;
  session: SessionGuard;
  /** the spot as `findSpotToEdit` reads it, sent beside the session's read */
  read: Promise<SpotRead | undefined>;
  body: ReviewUpdateBody;
  /** Waits for the session's read (`settleSession`): whether there is a session. */
  signedIn: () => Promise<boolean>;
}

/** What an edit that keeps the text wrote, over the row as read. */
const changesKeepingText = (row: SpotRow, body: ReviewUpdateBody, now: number): SpotChanges => ({
  review: body.review ?? row.review,
  rating: body.rating ?? row.rating,
  visited: body.visited === undefined ? row.visited : body.visited ? 1 : 0,
  updated_at: now,
});

/**
 * `PUT /api/reviews/review/{id}/`. On PostgreSQL an edit was two waits in a row: the spot's
 * read (beside the session's), then the write, which needs the row for the search column.
 * An edit that keeps the text (stars, visited, lists: most saves of the spot page's form)
 * needs no row: it is sent at once, beside both reads, and checks the author, the text and
 * the session itself (`updateKeepingText`), so it is one wait (decision 023, session 41).
 * When it wrote nothing (the text changes, or the edit is refused) the edit goes on from
 * the row as before (`editSpot`), which answers every refusal; SQLite always does.
 */
export async function editBesideSession(db: Db, edit: EditRequest): Promise<Review> {
  const now = clock.now();
  const writing = isPostgres(db)
    ? updateKeepingText(db, edit.session, edit.id, edit.body, now)
    : Promise.resolve(false);
  // Together: a failure of any is answered, none left unhandled.
  const [found, wrote, signedIn] = await Promise.all([edit.read, writing, edit.signedIn()]);
  if (wrote) {
    // Deleted between the write and the read: gone, as for any spot deleted meanwhile.
    if (!found) throw notFound(REVIEW_MESSAGES.spotNotFound);
    return editedAnswer(found.answer, changesKeepingText(found.row, edit.body, now));
  }
  if (!signedIn) throw notAuthenticated();
  return editSpot(db, edit.session.userId, Promise.resolve(found), edit.body);
}
