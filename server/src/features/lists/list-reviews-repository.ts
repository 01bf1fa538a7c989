import type { ListReview } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

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
