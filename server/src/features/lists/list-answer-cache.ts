import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { listDetailSchema, type ListDetail } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { presentList } from './access.ts';
import { listSpots } from './list-spots.ts';
import type { ListRecord } from './repository.ts';

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
 * `GET /api/lists/list/:key/`'s JSON (UTF-8), kept per list with the list's version
 * (docs/decisions/023-workers-and-mixed-load.md, "List answers cached per version").
 *
 * Triggers move `lists.version` on every write that changes the answer (migration 009), and
 * the version comes with the list row every request reads anyway (to check who may view
 * it), so an answer is served from memory only while nothing it shows has changed,
 * whichever app server wrote. The answer is the same for every viewer allowed to see it.
 * List ids are never reused, so a key can't outlive its list and show another one.
 * Answers are built after the row was read: one built from newer data is stored under the
 * older version and simply rebuilt on the next request, never served stale.
 */
export function cachedListAnswer(db: Db, maxBytes = 32 * 1024 * 1024) {
  const answers = new LRUCache<number, { version: number; json: Buffer }>({
    maxSize: maxBytes,
    // An answer over the budget isn't kept.
    sizeCalculation: (entry) => entry.json.length,
  });
  return async (list: ListRecord): Promise<Buffer> => {
    const hit = answers.get(list.id);
    if (hit?.version === list.version) return hit.json;
    const detail = { ...presentList(list), reviews: await listSpots(db, list.id) };
    // Kept as UTF-8 bytes: a 2,000-spot list is 1.2 MB, which would otherwise be measured
    // and encoded again on every send.
    const json = Buffer.from(serializeListDetail(detail));
    answers.set(list.id, { version: list.version, json });
    return json;
  };
}

/**
 * Sends a kept answer. Fastify sends bytes with a JSON content type as they are: the route's
 * response serialiser doesn't run again (the OpenAPI doc keeps the schema).
 */
export const sendJsonBytes = (reply: FastifyReply, json: Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);
