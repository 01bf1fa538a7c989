import type { Db } from '../db/connection.ts';
import { clock } from '../lib/clock.ts';

export interface ThrottleRule {
  /** hits allowed in one window before the key is blocked */
  limit: number;
  windowMs: number;
  blockMs: number;
}

/**
 * Fixed-window counters kept in the database (not in memory), so a client can't get
 * around a block by reaching another app server.
 */
export class Throttle {
  constructor(private readonly db: Db) {}

  /** Milliseconds the key is still blocked for; 0 when it may go on. */
  async blockedFor(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('blocked_until')
      .where('key', '=', key)
      .executeTakeFirst();
    return Math.max(0, (row?.blocked_until ?? 0) - clock.now());
  }

  /** Counts one hit; returns how many hits the current window now holds. */
  async hit(key: string, rule: ThrottleRule): Promise<number> {
    const now = clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('rate_limits')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      const fresh = !row || now - row.window_start >= rule.windowMs;
      const count = fresh ? 1 : row.count + 1;
      const values = {
        window_start: fresh ? now : row.window_start,
        count,
        blocked_until: count >= rule.limit ? now + rule.blockMs : (row?.blocked_until ?? 0),
      };
      await trx
        .insertInto('rate_limits')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute();
      return count;
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}

export function minutesLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60000));
}
