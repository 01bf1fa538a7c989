import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../lib/errors.ts';
import { matchedApiRoute, unmatched } from './api-route.ts';
import { randomToken, safeEqual } from '../lib/tokens.ts';

export const CSRF_COOKIE = 'csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sets the readable csrftoken cookie when the browser has none (contract §2). */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config) {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomToken(24), {
    path: '/',
    sameSite: 'lax',
    secure: config.secureCookies,
    httpOnly: false,
    maxAge: 365 * 24 * 3600,
  });
}

function allowedOrigins(config: Config): Set<string> {
  return new Set([
    new URL(config.PUBLIC_URL).origin,
    ...config.CORS_ORIGINS.map((o) => new URL(o).origin),
  ]);
}

/** A browser sends Origin on cross-site writes; it must be ours or a configured CORS origin. */
function originAllowed(origin: string | undefined, host: string | undefined, allowed: Set<string>) {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Double-submit check on every unsafe /api/ call: header X-CSRFToken must equal the
 * csrftoken cookie, and a present Origin must be ours, which also stops a cross-site
 * request that somehow learned the token.
 */
export function registerCsrf(app: FastifyInstance, config: Config): void {
  const allowed = allowedOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    // By the matched route, not the raw URL (/%61pi/… is routed to /api/…); a write no
    // route matched is checked too rather than guessed about.
    if (!matchedApiRoute(request) && !unmatched(request)) return;
    if (!originAllowed(request.headers.origin, request.headers.host, allowed)) {
      throw forbidden('CSRF Failed: Origin checking failed - the request came from another site.');
    }
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers['x-csrftoken'];
    if (!cookie) throw forbidden('CSRF Failed: CSRF cookie not set.');
    if (typeof header !== 'string' || !safeEqual(header, cookie)) {
      throw forbidden('CSRF Failed: CSRF token missing or incorrect.');
    }
  });
}
