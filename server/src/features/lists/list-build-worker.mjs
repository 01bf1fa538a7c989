/**
 * The list build thread's worker (list-answer-cache.ts); what every pool worker does is in
 * lib/on-demand-pool-worker.mjs. The thread has a database connection of its own (the
 * app's own settings, from workerData), opened on its first build and dropped with the
 * thread. It stores what it builds for the other app processes (list-answer-store.ts).
 */
import { threadId, workerData } from 'node:worker_threads';
import { answeringWarmUp, registerTsx, withBytesMoved } from '../../lib/on-demand-pool-worker.mjs';

registerTsx();
const { openDatabase } = await import('../../db/connection.ts');
const { buildListAnswer } = await import('./list-answer-build.ts');
const { storeListAnswer } = await import('./list-answer-store.ts');

let database;

/** The gzipped answer, moved, and the thread that built it. */
export default answeringWarmUp(async (list) => {
  database ??= openDatabase(workerData);
  // Node's zlib hands back a buffer of its own memory: a view of exactly the answer,
  // which moves without a copy.
  const gzipped = await buildListAnswer(database.db, list);
  // For the other app processes (list-answer-store.ts), before the bytes move.
  await storeListAnswer(database.db, list, gzipped);
  return withBytesMoved(gzipped, (bytes) => ({ gzipped: bytes, threadId }));
});
