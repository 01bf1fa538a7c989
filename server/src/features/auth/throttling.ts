import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/errors.ts';
import { minutesLeft, type Throttle, type ThrottleRule } from '../../plugins/throttle.ts';
import { identityKey } from './repository.ts';

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;

export const RULES = {
  loginPerAccount: { limit: 5, windowMs: QUARTER_HOUR, blockMs: QUARTER_HOUR },
  loginPerAddress: { limit: 20, windowMs: QUARTER_HOUR, blockMs: QUARTER_HOUR },
  resetPerEmail: { limit: 3, windowMs: HOUR, blockMs: HOUR },
  resetPerAddress: { limit: 10, windowMs: HOUR, blockMs: HOUR },
} satisfies Record<string, ThrottleRule>;

export const loginKeys = (request: FastifyRequest, login: string) => ({
  account: `login:account:${identityKey(login)}`,
  address: `login:ip:${request.ip}`,
});

export const resetKeys = (request: FastifyRequest, email: string) => ({
  email: `reset:email:${identityKey(email)}`,
  address: `reset:ip:${request.ip}`,
});

/** Refuses with 429 while any of the keys is blocked. */
export async function refuseWhileBlocked(throttle: Throttle, keys: string[], what: string) {
  for (const key of keys) {
    const ms = await throttle.blockedFor(key);
    if (ms > 0) {
      const minutes = minutesLeft(ms);
      throw tooManyRequests(
        `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}

/** After a few failures each further failed sign-in is answered a little later. */
export const failureDelayMs = (failures: number) =>
  failures < 3 ? 0 : Math.min(1000, failures * 150);
