import type { ExampleList } from '@spotbook/contract';
import type { Db } from '../../../db/connection.ts';

/**
 * The built-in example account: its password hash is no hash at all, so nobody can sign
 * in as it, and it tells the account apart from a person who registered the same name.
 */
export const EXAMPLE_ACCOUNT = {
  username: 'spotbook',
  email: 'examples@spotbook.invalid',
  passwordHash: '!example-account:no-sign-in',
} as const;

/** The example account's shareable lists, oldest first (the order they were seeded in). */
export async function exampleLists(db: Db): Promise<ExampleList[]> {
  const rows = await db
    .selectFrom('lists')
    .innerJoin('users', 'users.id', 'lists.user_id')
    .select((eb) => [
      'lists.name',
      'lists.slug',
      'lists.description',
      'users.username as owner_username',
      eb
        .selectFrom('list_reviews')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('list_reviews.list_id', '=', 'lists.id')
        .as('spot_count'),
    ])
    .where('users.password_hash', '=', EXAMPLE_ACCOUNT.passwordHash)
    .where('lists.shareable_by_link', '=', 1)
    .orderBy('lists.created_at')
    .orderBy('lists.id')
    .limit(2)
    .execute();
  return rows.map((r) => ({ ...r, spot_count: Number(r.spot_count ?? 0) }));
}
