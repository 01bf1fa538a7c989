import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { randomToken } from '../../lib/tokens.ts';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a
 * browser that signed in to an account carries a cookie naming that account and a random
 * nonce, signed with the cookie secret. Its failed guesses count against its nonce, not
 * against the account, so an attacker's guesses from elsewhere cannot lock it out
 * (docs/decisions/011-brute-force.md). One cookie per account, so a shared computer
 * stays known to each of its users. Nothing is stored: the signature is the proof.
 */
const MAX_AGE_S = 365 * 24 * 3600;
// Only sign-in reads it, so it travels with the auth calls and nothing else.
const COOKIE_PATH = '/api/user/';

export const deviceCookieName = (userId: number) => `device_${userId}`;

/** The nonce of a valid device cookie for this account; null for an unknown client. */
export function knownDeviceNonce(request: FastifyRequest, userId: number): string | null {
  const raw = request.cookies[deviceCookieName(userId)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [account, nonce] = unsigned.value.split(':');
  return account === String(userId) && nonce ? nonce : null;
}

/** After each successful sign-in: a fresh nonce, so the old one's failures are behind it. */
export function issueDeviceCookie(reply: FastifyReply, config: Config, userId: number) {
  reply.setCookie(deviceCookieName(userId), `${userId}:${randomToken(16)}`, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    signed: true,
    maxAge: MAX_AGE_S,
  });
}
