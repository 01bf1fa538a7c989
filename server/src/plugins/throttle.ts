import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { clock } from '../lib/clock.ts';

export interface ThrottleRule {
  /** attempts allowed in one window; the next ones are refused until the window ends */
  limit: number;
  windowMs: number;
}

export interface Admission {
  allowed: boolean;
  /** attempts counted in the current window, this one included */
  count: number;
  /** until the window ends; what a refused client is told to wait */
  retryAfterMs: number;
}

/**
 * Fixed-window counters kept in the database, shared by every app server
 * (docs/decisions/011-brute-force.md). An attempt is counted *before* the work it guards
 * (an argon2 verify, a hash, a mail), in one INSERT … ON CONFLICT DO UPDATE … RETURNING:
 * the database serialises writers of one row, so of N attempts in flight exactly
 * `limit` see a count within the limit, however many arrive at once.
 */
export class Throttle {
  constructor(private readonly db: Db) {}

  /** Counts one attempt and says whether it may go on. */
  async admit(key: string, rule: ThrottleRule): Promise<Admission> {
    const now = clock.now();
    const ended = sql<boolean>`rate_limits.expires_at <= ${now}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, expires_at: now + rule.windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limits.count + 1 END`,
          expires_at: sql<number>`CASE WHEN ${ended} THEN ${now + rule.windowMs} ELSE rate_limits.expires_at END`,
        }),
      )
      .returning(['count', 'expires_at'])
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    return {
      allowed: count <= rule.limit,
      count,
      retryAfterMs: Math.max(0, Number(row.expires_at) - now),
    };
  }

  /** Gives back one attempt that turned out well (a right password), so only failures stay counted. */
  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`CASE WHEN count > 0 THEN count - 1 ELSE 0 END` })
      .where('key', '=', key)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Drops counters whose window has ended (housekeeping); returns how many went. */
  async purgeExpired(now = clock.now()): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export function minutesLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60000));
}
