import type { Expression, SqlBool, Updateable } from 'kysely';
import type { ListReview } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import type { ReviewsTable } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/*
 * The one module that writes `list_reviews` (which spots are on which lists): the lists
 * routes, spot creation and editing in the reviews feature, and the example seed all call
 * it, so the table's rules (one entry per spot and list, `added_at` orders a list) live here.
 * Functions take a Db or a transaction.
 */

export function isOwnReview(db: Db, reviewId: number, userId: number) {
  return db
    .selectFrom('reviews')
    .select('id')
    .where('id', '=', reviewId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
    .then(Boolean);
}

/** The new entry, or null when the spot is already on the list (unique index decides). */
export async function addToList(
  db: Db,
  entry: { listId: number; reviewId: number; notes: string },
): Promise<ListReview | null> {
  try {
    const row = await db
      .insertInto('list_reviews')
      .values({
        list_id: entry.listId,
        review_id: entry.reviewId,
        notes: entry.notes,
        added_at: clock.now(),
      })
      .returning(['id', 'list_id', 'review_id', 'notes', 'added_at'])
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      list: row.list_id,
      review: row.review_id,
      notes: row.notes,
      added_to_list_at: new Date(row.added_at).toISOString(),
    };
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function removeFromList(db: Db, listId: number, reviewId: number) {
  const result = await db
    .deleteFrom('list_reviews')
    .where('list_id', '=', listId)
    .where('review_id', '=', reviewId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Puts an existing spot on a list unless it is there already. */
export async function ensureOnList(db: Db, listId: number, reviewId: number) {
  await db
    .insertInto('list_reviews')
    .values(newEntry(listId, reviewId, clock.now()))
    .onConflict((oc) => oc.columns(['list_id', 'review_id']).doNothing())
    .execute();
}

/** An entry added by putting a spot on a list: no notes yet, last in the list's order. */
const newEntry = (listId: number, reviewId: number, addedAt: number) => ({
  list_id: listId,
  review_id: reviewId,
  notes: '',
  added_at: addedAt,
});

/**
 * Makes `listIds` exactly the lists holding the spot: drops it from the others, adds it
 * (no notes, at `addedAt`) where missing. The ids must already be checked as the author's.
 */
export async function setListsOfSpot(
  db: Db,
  reviewId: number,
  listIds: readonly number[],
  addedAt: number,
) {
  const wanted = [...new Set(listIds)];
  await db
    .deleteFrom('list_reviews')
    .where('review_id', '=', reviewId)
    .$if(wanted.length > 0, (q) => q.where('list_id', 'not in', wanted))
    .execute();
  if (!wanted.length) return;
  await db
    .insertInto('list_reviews')
    .values(wanted.map((listId) => newEntry(listId, reviewId, addedAt)))
    .onConflict((oc) => oc.columns(['list_id', 'review_id']).doNothing())
    .execute();
}

/**
 * PostgreSQL: the spot's own `changes` and setListsOfSpot's, in one statement (the update,
 * the removals and the additions in WITHs), only if every list of `listIds` is the
 * author's: true when it wrote, false when it wrote nothing (a list not theirs, or the
 * spot gone). One statement is atomic without a transaction, which would be three more
 * round trips, each a wait for the event loop under load (decision 023, session 22); the
 * check inside it is one more saved (session 32). The removals and additions wait for the
 * update's row (they read it), so they happen only with it. Its parts touch different
 * rows: the removals only entries not in `listIds`, the additions only those in it. The
 * triggers of all three (the change log, the lists' versions) run at the statement's end,
 * as they would at a commit. The same removals and additions as setListsOfSpot's, written
 * again because Kysely types a statement after a WITH apart from one without. `only`, a
 * further condition on the spot's row, writes nothing unless it holds too.
 */
export async function updateSpotAndSetLists(
  db: Db,
  spot: { id: number; user_id: number },
  changes: Updateable<ReviewsTable>,
  listIds: readonly number[],
  addedAt: number,
  only?: Expression<SqlBool>,
): Promise<boolean> {
  const wanted = [...new Set(listIds)];
  const updated = db.with('spot', (w) =>
    w
      .updateTable('reviews')
      .set(changes)
      .where('id', '=', spot.id)
      .$if(only !== undefined, (q) => q.where(() => only!))
      .$if(wanted.length > 0, (q) =>
        q.where(
          (eb) =>
            eb
              .selectFrom('lists')
              .select((s) => s.fn.countAll().as('owned'))
              .where('user_id', '=', spot.user_id)
              .where('id', 'in', wanted),
          '=',
          wanted.length,
        ),
      )
      .returning('id'),
  );
  const removed = updated.with('left_lists', (w) =>
    w
      .deleteFrom('list_reviews')
      .where('review_id', 'in', (eb) => eb.selectFrom('spot').select('spot.id'))
      .$if(wanted.length > 0, (q) => q.where('list_id', 'not in', wanted)),
  );
  const row = !wanted.length
    ? await removed.selectFrom('spot').select('spot.id').executeTakeFirst()
    : await removed
        .with('added', (w) =>
          w
            .insertInto('list_reviews')
            .columns(['list_id', 'review_id', 'notes', 'added_at'])
            .expression((eb) =>
              eb
                .selectFrom(['spot', 'lists as l'])
                .select((s) => [
                  'l.id as list_id',
                  'spot.id as review_id',
                  s.val('').as('notes'),
                  s.val(addedAt).as('added_at'),
                ])
                .where('l.id', 'in', wanted),
            )
            .onConflict((oc) => oc.columns(['list_id', 'review_id']).doNothing()),
        )
        .selectFrom('spot')
        .select('spot.id')
        .executeTakeFirst();
  return row !== undefined;
}

/** A seeded entry: the example data sets its notes and its place in the list's order. */
export async function insertSeedEntry(
  db: Db,
  entry: { listId: number; reviewId: number; notes: string; addedAt: number },
) {
  await db
    .insertInto('list_reviews')
    .values({
      list_id: entry.listId,
      review_id: entry.reviewId,
      notes: entry.notes,
      added_at: entry.addedAt,
    })
    .execute();
}
