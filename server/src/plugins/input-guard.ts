import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasLoneSurrogate, hasNul, INPUT_MESSAGES } from '@spotbook/contract';
import { badRequest, notFound } from '../lib/errors.ts';
import { matchedApiRoute } from './api-route.ts';

/**
 * The first string (value or key) in a parsed JSON body that no database stores, with
 * where it is as the validation errors name fields (`place.id`); walked without recursion,
 * since a 1 MB body may nest far deeper than the stack allows.
 */
export function unstorableText(body: unknown): { field: string; message: string } | null {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length) {
    const [value, field] = pending.pop()!;
    if (typeof value === 'string') {
      if (hasNul(value)) return { field, message: INPUT_MESSAGES.nul };
      if (hasLoneSurrogate(value)) return { field, message: INPUT_MESSAGES.surrogate };
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const path = field ? `${field}.${key}` : key;
        pending.push([key, field], [item, path]);
      }
    }
  }
  return null;
}

/** `%00` (any case) or a raw NUL in the path or the query string of an /api/ request. */
function urlNul(url: string): 'path' | 'query' | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  // A NUL byte, raw or percent-encoded, is exactly what this guard looks for.
  // eslint-disable-next-line no-control-regex
  const nul = /%00|\u0000/i;
  if (nul.test(path)) return 'path';
  if (queryAt !== -1 && nul.test(url.slice(queryAt))) return 'query';
  return null;
}

/**
 * Defence in depth for runtime contract §6 (the route schemas state the rule through the
 * contract's `text()`): NUL in an /api/ URL or any NUL / unpaired surrogate in a JSON body
 * is refused before a handler could hand it to the database. A path is 404 (it names
 * nothing), anything else 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // By the matched route, not the raw URL (the router decodes /%61pi/… to /api/…).
    if (!matchedApiRoute(request)) return;
    const where = urlNul(request.url);
    if (where === 'path') throw notFound();
    if (where === 'query') throw badRequest(INPUT_MESSAGES.nul);
  });
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!matchedApiRoute(request) || request.body === undefined) return;
    const problem = unstorableText(request.body);
    if (problem) {
      throw badRequest(problem.message, {
        [problem.field || 'non_field_errors']: [problem.message],
      });
    }
  });
}
