import type { Db } from '../../../db/connection.ts';

/**
 * The photo a list's link-preview card shows: the first spot in the list's order (newest
 * added first, as the list page shows them) that has a photo, and its first photo. Only
 * the list owner's own photos, the rule photos are served by (contract §4): the card is
 * asked for signed out, so it may show what an anonymous visitor of the list may see.
 * The caller answers only for shareable lists; a private list's card does not exist.
 */
export function listCover(db: Db, listId: number) {
  return db
    .selectFrom('list_reviews as lr')
    .innerJoin('lists as l', 'l.id', 'lr.list_id')
    .innerJoin('photos as ph', (join) =>
      join.onRef('ph.review_id', '=', 'lr.review_id').onRef('ph.user_id', '=', 'l.user_id'),
    )
    .select(['ph.id', 'ph.etag'])
    .where('lr.list_id', '=', listId)
    .orderBy('lr.added_at', 'desc')
    .orderBy('lr.id', 'desc')
    .orderBy('ph.position')
    .orderBy('ph.id')
    .limit(1)
    .executeTakeFirst();
}
