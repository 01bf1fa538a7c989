import type { User } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';

/** Usernames and e-mails are unique case-insensitively (contract §4). */
export const identityKey = (value: string) => value.normalize('NFKC').trim().toLowerCase();

const publicColumns = ['id', 'username', 'email'] as const;

export function findUserByLogin(db: Db, usernameOrEmail: string) {
  const key = identityKey(usernameOrEmail);
  return db
    .selectFrom('users')
    .select([...publicColumns, 'password_hash'])
    .where((eb) => eb.or([eb('username_norm', '=', key), eb('email_norm', '=', key)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(publicColumns)
    .where('email_norm', '=', identityKey(email))
    .executeTakeFirst();
}

/** Which of the two unique identities are already taken. */
export async function takenIdentities(db: Db, username: string, email: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username_norm', 'email_norm'])
    .where((eb) =>
      eb.or([
        eb('username_norm', '=', identityKey(username)),
        eb('email_norm', '=', identityKey(email)),
      ]),
    )
    .execute();
  return {
    username: rows.some((r) => r.username_norm === identityKey(username)),
    email: rows.some((r) => r.email_norm === identityKey(email)),
  };
}

export async function createUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string },
): Promise<User> {
  const now = clock.now();
  const row = await db
    .insertInto('users')
    .values({
      username: input.username,
      username_norm: identityKey(input.username),
      email: input.email,
      email_norm: identityKey(input.email),
      password_hash: input.passwordHash,
      created_at: now,
      password_changed_at: now,
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
  return row;
}

/** New password: every reset token dies, and every session but `keepSessionId` ends. */
export async function changePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSessionId: string | null,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: clock.now() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .$if(keepSessionId !== null, (q) => q.where('id', '!=', keepSessionId!))
      .execute();
  });
}
