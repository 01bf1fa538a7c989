import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { PlacesUnavailableError } from '../features/places/provider.ts';
import { HttpError, notAuthenticated } from '../lib/errors.ts';
import { signedOutWhilePending } from './pending-session.ts';

/** One answer for every route whose places provider could not answer (a 503, not "no results"). */
const PLACES_UNAVAILABLE_DETAIL =
  'Place search is unavailable right now. Please try again in a moment.';
/** The database refused or lost the request's connection, or stayed locked: worth a retry. */
const DATABASE_UNAVAILABLE_DETAIL = 'The server is busy right now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Fastify's own client errors, with messages that help the caller without internals. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in the request body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (1 MB at most).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

function validationErrors(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

/**
 * The one place that turns any failure into the contract's JSON error shape:
 * `{detail, errors?}`; 5xx answers never carry the underlying message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    // Without a session, a route that needs one answers 403 whatever else failed.
    (await signedOutWhilePending(request))
      ? answerError(notAuthenticated(), request, reply)
      : answerError(error, request, reply),
  );
}

function answerError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    return reply
      .status(error.statusCode)
      .send(
        error.errors ? { detail: error.message, errors: error.errors } : { detail: error.message },
      );
  }
  if (error instanceof PlacesUnavailableError) {
    request.log.warn({ err: error }, 'places provider unavailable');
    return reply.status(503).send({ detail: PLACES_UNAVAILABLE_DETAIL });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path that names no valid id or key names nothing: 404, like a missing row (contract §6).
    if (error.validationContext === 'params') return apiNotFound(reply);
    const errors = validationErrors(error);
    const first = Object.values(errors)[0]?.[0] ?? 'Invalid input.';
    const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
    return reply.status(400).send({ detail: `${first}${where}`, errors });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .status(503)
      .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
      .send({ detail: DATABASE_UNAVAILABLE_DETAIL });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const detail = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message;
    return reply.status(status).send({ detail });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Internal Server Error' });
}

/**
 * Fastify's `frameworkErrors` option: errors of the router itself, raised before any route
 * or error handler runs. A path segment that is not valid percent-encoding or longer than
 * any key names nothing, so it is a 404 like any unknown path, in the contract's shape
 * (Fastify's own answer would echo the path and carry no `detail`).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return apiNotFound(reply);
  }
  request.log.error({ err: error }, 'routing failed');
  return reply.status(500).send({ detail: 'Internal Server Error' });
}

export function apiNotFound(reply: FastifyReply) {
  return reply.status(404).send({ detail: 'Not found.' });
}
