import { normalizeText, type ListPageQuery, type SavedList } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { containsText } from './sql-like.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/**
 * Follows of lists that are still shareable. Unsharing deletes follows (list-writes.ts)
 * and deleting cascades; the shareable filter here keeps every read right regardless.
 */
function follows(db: Db, userId: number) {
  return db
    .selectFrom('saved_lists as sl')
    .innerJoin('lists as l', 'l.id', 'sl.list_id')
    .where('sl.user_id', '=', userId)
    .where('l.shareable_by_link', '=', 1);
}

function selectFollows(db: Db, userId: number) {
  return follows(db, userId)
    .innerJoin('users as owner', 'owner.id', 'l.user_id')
    .select([
      'sl.id',
      'sl.created_at',
      'l.id as list_id',
      'l.name',
      'l.description',
      'l.slug',
      'owner.username as owner_username',
    ]);
}

type FollowRow = Awaited<ReturnType<ReturnType<typeof selectFollows>['executeTakeFirstOrThrow']>>;

export const presentSavedList = (row: FollowRow): SavedList => ({
  id: row.id,
  list_id: row.list_id,
  list_name: row.name,
  list_description: row.description,
  list_slug: row.slug,
  slug: row.slug,
  owner_username: row.owner_username,
  created_at: new Date(row.created_at).toISOString(),
});

export async function savedListsPage(db: Db, userId: number, query: ListPageQuery) {
  const search = query.search ? normalizeText(query.search) : '';
  const [total, rows] = await Promise.all([
    follows(db, userId)
      .$if(search !== '', (q) => q.where(containsText('l.search_norm', search)))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    selectFollows(db, userId)
      .$if(search !== '', (q) => q.where(containsText('l.search_norm', search)))
      .orderBy('sl.created_at', 'desc')
      .orderBy('sl.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { count: Number(total.count), results: rows };
}

export function findFollow(db: Db, userId: number, listId: number) {
  return selectFollows(db, userId).where('l.id', '=', listId).executeTakeFirst();
}

/** Following twice is harmless: the existing entry answers (`created: false`). */
export async function follow(db: Db, userId: number, listId: number) {
  const existing = await findFollow(db, userId, listId);
  if (existing) return { row: existing, created: false };
  let created = true;
  try {
    await db
      .insertInto('saved_lists')
      .values({ user_id: userId, list_id: listId, created_at: clock.now() })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    created = false; // a second tab won the race: same answer as following twice
  }
  const row = await findFollow(db, userId, listId);
  return { row, created };
}

/** Removes one of the caller's own follows; false when there was none with that id. */
export async function unfollow(db: Db, userId: number, id: number) {
  const result = await db
    .deleteFrom('saved_lists')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
