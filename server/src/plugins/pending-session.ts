import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { notAuthenticated } from '../lib/errors.ts';
import { unstorableText } from './input-guard.ts';
import { settleSession } from './session.ts';

/** Whether the route's write will be sent with this body: it passes every check of it. */
function writable(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema?.body as ZodType | undefined;
  if (!schema) return false;
  return schema.safeParse(request.body).success && unstorableText(request.body) === null;
}

/**
 * A `writesBesideSession` route's request whose session read is pending (session.ts)
 * answers as if the hook had waited for it: without a session, 403 before anything about
 * its body. So a body its write will not be sent with waits here for the session and is
 * refused 403 without one; registered before the input guard's check of the body, whose
 * 400 must come after. A body the write will be sent with goes on: the write checks the
 * session inside its own statement, and the route waits for the read after sending it.
 */
export function registerPendingSessionCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.pendingSession || writable(request)) return;
    await settleSession(request);
    if (!request.user) throw notAuthenticated();
  });
}

/**
 * For the error handler: a failure before the route settled a pending session (a body
 * that is not JSON, say) answers 403 if there is no session, as it would have at onRequest.
 * True when the caller should answer 403.
 */
export async function signedOutWhilePending(request: FastifyRequest): Promise<boolean> {
  if (!request.pendingSession) return false;
  try {
    await settleSession(request);
  } catch {
    return false; // the session could not be read: the error at hand is the answer
  }
  return !request.user;
}
