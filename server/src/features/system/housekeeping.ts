import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { Throttle } from '../../plugins/throttle.ts';
import { purgeExpiredResetTokens } from '../auth/reset-tokens.ts';

const HOUR = 60 * 60_000;

/**
 * Deletes what has expired, so the tables do not grow without bound (contract §6):
 * sessions, reset tokens and rate-limit counters. Plain idempotent DELETEs, safe when
 * several app servers run them on one PostgreSQL at the same time.
 */
export async function purgeExpired(db: Db, now = clock.now()) {
  const sessions = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    resetTokens: await purgeExpiredResetTokens(db, now),
    rateLimits: await new Throttle(db).purgeExpired(now),
  };
}

/** Purges when the app is ready and then every hour; stops before the app closes. */
export function scheduleHousekeeping(app: FastifyInstance, db: Db, everyMs = HOUR) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeExpired(db).then(
      (purged) => app.log.debug({ purged }, 'housekeeping'),
      (err: unknown) => app.log.error({ err }, 'housekeeping failed'),
    );
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    // unref: a pending purge never keeps the process alive.
    timer = setInterval(() => void run(), everyMs).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
