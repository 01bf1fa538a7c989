import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The home page's other two figures (metadata): the user's lists, and the lists they follow
 * that are still shared by link (contract §4, following).
 */
export interface ListCounts {
  lists: number;
  followed: number;
}

/** The two counts of `users.id`'s lists as subqueries, for a query over `users`. */
export function listCountQueries(eb: ExpressionBuilder<Database, 'users'>) {
  return {
    lists: eb
      .selectFrom('lists')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('lists.user_id', '=', 'users.id'),
    // Followed lists count only while they are still shareable (contract §4, following).
    followed: eb
      .selectFrom('saved_lists as sl')
      .innerJoin('lists as l', 'l.id', 'sl.list_id')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('sl.user_id', '=', 'users.id')
      .where('l.shareable_by_link', '=', 1),
  };
}
