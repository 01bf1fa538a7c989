import type { FastifyRequest } from 'fastify';
import { plural } from '@spotbook/contract';
import { tooManyRequests } from '../../lib/errors.ts';
import { minutesLeft, type Throttle, type ThrottleRule } from '../../plugins/throttle.ts';
import { identityKey } from './repository.ts';

const QUARTER_HOUR = 15 * 60_000;
const HOUR = 60 * 60_000;

/** The figures of docs/decisions/011-brute-force.md. */
export const RULES = {
  /** failed guesses from clients without a device cookie for the account */
  loginUnknownClients: { limit: 5, windowMs: QUARTER_HOUR },
  /** failed guesses from one device cookie (its nonce) */
  loginDevice: { limit: 5, windowMs: QUARTER_HOUR },
  /** failed guesses from one address, by clients without a device cookie for the account */
  loginPerAddress: { limit: 20, windowMs: QUARTER_HOUR },
  registerPerAddress: { limit: 10, windowMs: HOUR },
  resetPerEmail: { limit: 3, windowMs: HOUR },
  resetPerAddress: { limit: 10, windowMs: HOUR },
} satisfies Record<string, ThrottleRule>;

type Check = readonly [key: string, rule: ThrottleRule];

export interface LoginChecks {
  /** the device cookie's counter, or the unknown clients' counter of the account */
  attempt: Check;
  /** the address's counter; none for a known device (shared addresses must not lock it out) */
  address: Check | null;
}

/**
 * Unknown clients are counted per account: by user id when the login names one (its
 * username and its e-mail share one counter), by the typed name otherwise, so a login
 * that names nobody is throttled the same way.
 */
export function loginChecks(
  request: FastifyRequest,
  login: string,
  userId: number | undefined,
  deviceNonce: string | null,
): LoginChecks {
  if (deviceNonce)
    return { attempt: [`login:device:${deviceNonce}`, RULES.loginDevice], address: null };
  const account = userId === undefined ? `name:${identityKey(login)}` : `user:${userId}`;
  return {
    attempt: [`login:unknown:${account}`, RULES.loginUnknownClients],
    address: [`login:ip:${request.ip}`, RULES.loginPerAddress],
  };
}

export const registerCheck = (request: FastifyRequest): Check => [
  `register:ip:${request.ip}`,
  RULES.registerPerAddress,
];

/** The address first, so a client refused for its address spends nobody's e-mail budget. */
export const resetChecks = (request: FastifyRequest, email: string): Check[] => [
  [`reset:ip:${request.ip}`, RULES.resetPerAddress],
  [`reset:email:${identityKey(email)}`, RULES.resetPerEmail],
];

/**
 * Counts the attempt under each check in turn, before the work it guards, and refuses
 * with 429 at the first one over its limit. Returns the last count.
 */
export async function admitOrRefuse(throttle: Throttle, checks: Check[], what: string) {
  let count = 0;
  for (const [key, rule] of checks) {
    const admission = await throttle.admit(key, rule);
    if (!admission.allowed) {
      const minutes = minutesLeft(admission.retryAfterMs);
      throw tooManyRequests(
        `Too many ${what}. Please try again in ${minutes} ${plural(minutes, 'minute')}.`,
      );
    }
    count = admission.count;
  }
  return count;
}

/** A right password: its counter starts again, and the address gets its attempt back. */
export async function settleSuccessfulLogin(throttle: Throttle, checks: LoginChecks) {
  await throttle.clear(checks.attempt[0]);
  if (checks.address) await throttle.refund(checks.address[0]);
}

/** After a few failures each further failed sign-in is answered a little later. */
export const failureDelayMs = (failures: number) =>
  failures < 3 ? 0 : Math.min(1000, failures * 150);
