import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

// The same negotiation @fastify/compress runs (q-values, `*`, `gzip;q=0` refusing it).
const gzipOrIdentity = new Negotiator({ supportedValues: ['gzip', 'identity'] });

/** Whether a request's Accept-Encoding takes a body we keep gzipped as it is. */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && gzipOrIdentity.negotiate(header) === 'gzip';
}
