import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from './accepts-gzip.ts';

/**
 * Sends an already serialised answer (a string, or gzipped bytes under a Content-Encoding).
 * Fastify sends either with a JSON content type as it is: the route's response serialiser
 * doesn't run again (the OpenAPI doc keeps the schema).
 */
export const sendJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);

/** An answer kept gzipped, and how to have it plain (the same bytes once unzipped). */
export interface GzippedAnswer<Plain = string | Buffer | Promise<string | Buffer>> {
  gzipped: () => Buffer;
  plain: () => Plain;
}

/**
 * Sends an answer kept gzipped as it is to a client that accepts gzip (the Content-Encoding
 * makes @fastify/compress leave it alone), and plain to one that doesn't.
 */
export async function sendGzippedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: GzippedAnswer,
) {
  reply.header('vary', 'accept-encoding');
  if (acceptsGzip(request))
    return sendJson(reply.header('content-encoding', 'gzip'), answer.gzipped());
  return sendJson(reply, await answer.plain());
}
