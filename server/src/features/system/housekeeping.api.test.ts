import { describe, expect, it } from 'vitest';
import { signedInUser, useTestApp } from '../../../test/helper.ts';
import { purgeExpired } from './housekeeping.ts';

const { t } = useTestApp();

describe('housekeeping', () => {
  it('purges expired sessions, reset tokens and limiter rows, and keeps live ones', async () => {
    const user = await signedInUser(t.app);
    const { db } = t.ctx;
    const now = Date.now();
    const row = (id: string, expires_at: number) => ({ id, user_id: user.id, expires_at });
    await db
      .insertInto('sessions')
      .values(
        [row('s-dead', now - 1), row('s-live', now + 60_000)].map((r) => ({
          ...r,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('password_reset_tokens')
      .values(
        [row('t-dead', now - 1), row('t-live', now + 60_000)].map((r) => ({
          ...r,
          created_at: now,
          used_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'hk:dead', count: 3, expires_at: now - 1 },
        { key: 'hk:live', count: 3, expires_at: now + 60_000 },
      ])
      .execute();

    const purged = await purgeExpired(db, now);
    expect(purged).toEqual({ sessions: 1, resetTokens: 1, rateLimits: 1 });

    const ids = async (table: 'sessions' | 'password_reset_tokens') =>
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('id', 'in', ['s-dead', 's-live', 't-dead', 't-live'])
          .execute()
      ).map((r) => r.id);
    expect(await ids('sessions')).toEqual(['s-live']);
    expect(await ids('password_reset_tokens')).toEqual(['t-live']);
    const keys = await db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'hk:%')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['hk:live']);
    // The signed-in user's own session is live and stays.
    expect((await user.client.get('/api/user/session/')).json().user?.id).toBe(user.id);
    // Idempotent: a second run (another server) finds nothing left to do.
    expect(await purgeExpired(db, now)).toEqual({ sessions: 0, resetTokens: 0, rateLimits: 0 });
  });
});
