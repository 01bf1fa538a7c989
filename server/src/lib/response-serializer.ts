import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * A GET route's own 200 serialiser (the zod check and JSON.stringify Fastify runs on its
 * answer), for answers serialised ahead of the request and kept: their bytes are the ones
 * the route would send.
 */
export const responseSerializer = <T>(schema: ZodType, url: string) =>
  serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' }) as (value: T) => string;
