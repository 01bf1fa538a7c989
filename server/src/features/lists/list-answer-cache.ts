import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { listDetailSchema, type ListDetail } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { presentList } from './access.ts';
import { listSpots } from './list-spots.ts';
import type { ListRecord } from './repository.ts';
import { acceptsGzip } from '../../lib/accepts-gzip.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The route's own response serialiser (the zod check and JSON.stringify Fastify would run),
 * so an answer is checked and serialised once per list version and its string kept.
 */
const serializeListDetail = serializerCompiler({
  schema: listDetailSchema,
  method: 'GET',
  url: '/api/lists/list/:key/',
  httpStatus: '200',
}) as (list: ListDetail) => string;

/**
 * `GET /api/lists/list/:key/`'s JSON, gzipped, kept per list with the list's version
 * (docs/decisions/023-workers-and-mixed-load.md, "List answers cached per version", and
 * its update "List answers kept gzipped").
 *
 * Triggers move `lists.version` on every write that changes the answer (migration 009), and
 * the version comes with the list row every request reads anyway (to check who may view
 * it), so an answer is served from memory only while nothing it shows has changed,
 * whichever app server wrote. The answer is the same for every viewer allowed to see it.
 * List ids are never reused, so a key can't outlive its list and show another one.
 * Answers are built after the row was read: one built from newer data is stored under the
 * older version and simply rebuilt on the next request, never served stale.
 *
 * Kept gzipped: a 2,000-spot answer is 1.2 MB of JSON but 0.19 MB gzipped, so the budget
 * holds ~6 times more lists, and a browser (which always accepts gzip) is sent the kept
 * bytes as they are instead of @fastify/compress compressing 1.2 MB again per request.
 */
export function cachedListAnswer(db: Db, maxBytes = 32 * 1024 * 1024) {
  return keptPerVersion(async (list) => {
    const detail = { ...presentList(list), reviews: await listSpots(db, list.id) };
    // zlib's default level, on libuv's thread pool (off the event loop): ~15 ms for a
    // 2,000-spot list, once per version; level 4 saves 3 ms for a 6 % larger answer.
    return gzipAsync(serializeListDetail(detail));
  }, maxBytes);
}

/**
 * The answers `build` makes, kept per list id and version within `maxBytes`. Requests for
 * a version being built wait for that build instead of starting their own: a link
 * posted in a group chat brings its readers all at once, and a 2,000-spot list is ~80 ms
 * of CPU to build.
 */
export function keptPerVersion(
  build: (list: ListRecord) => Promise<Buffer>,
  maxBytes: number,
): (list: ListRecord) => Promise<Buffer> {
  const answers = new LRUCache<number, { version: number; gzipped: Buffer }>({
    maxSize: maxBytes,
    // An answer over the budget isn't kept.
    sizeCalculation: (entry) => entry.gzipped.length,
  });
  const building = new Map<number, { version: number; answer: Promise<Buffer> }>();
  return async (list) => {
    const hit = answers.get(list.id);
    if (hit?.version === list.version) return hit.gzipped;
    const pending = building.get(list.id);
    if (pending?.version === list.version) return pending.answer;
    const entry = { version: list.version, answer: build(list) };
    building.set(list.id, entry);
    try {
      const gzipped = await entry.answer;
      answers.set(list.id, { version: list.version, gzipped });
      return gzipped;
    } finally {
      // A build of a newer version may have replaced this one meanwhile: that one stays.
      if (building.get(list.id) === entry) building.delete(list.id);
    }
  };
}

/**
 * Sends a kept answer: gzipped as kept to a client that accepts gzip (the Content-Encoding
 * makes @fastify/compress leave it alone), unzipped for one that doesn't. Fastify sends
 * bytes with a JSON content type as they are: the route's response serialiser doesn't run
 * again (the OpenAPI doc keeps the schema).
 */
export async function sendListAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  gzipped: Buffer,
) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(await gunzipAsync(gzipped));
}
