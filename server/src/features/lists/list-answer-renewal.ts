import type { FastifyInstance } from 'fastify';
import type { ListAnswers } from './list-answer-cache.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * After a signed-in user's successful write, builds the new versions of their big lists
 * this process keeps (`ListAnswers.renewOwnedBy`), once the write's answer has gone. A
 * spot edited, added, photographed or taken off a list moves the version of the lists it
 * is on; their next reader would otherwise wait for the build thread's patch, a turn of the
 * event loop later (decision 023, session 19). Every write is the owner's own: no one else
 * changes what a list shows.
 */
export function renewListsAfterWrites(app: FastifyInstance, lists: ListAnswers): void {
  app.addHook('onResponse', (request, reply, done) => {
    const userId = request.user?.id;
    if (userId !== undefined && WRITES.has(request.method) && reply.statusCode < 300) {
      lists
        .renewOwnedBy(userId)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'list answers not renewed after a write'),
        );
    }
    done();
  });
}
