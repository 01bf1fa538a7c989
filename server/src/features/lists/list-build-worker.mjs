/**
 * The list build thread's worker (list-answer-cache.ts). A worker thread starts without the
 * main thread's tsx loader, so this plain module registers it before loading the build.
 * The thread has a database connection of its own (the app's own settings, from
 * workerData), opened on its first build and dropped with the thread.
 */
import { threadId, workerData } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const { openDatabase } = await import('../../db/connection.ts');
const { buildListAnswer } = await import('./list-answer-build.ts');

let database;

/**
 * The gzipped answer, moved to the main thread (piscina's Transferable protocol), not
 * cloned: a clone is copied again on the receiving side, the event loop.
 */
export default async function buildInWorker(list) {
  if (list === null) return null; // warm(): the thread has started and loaded the code
  database ??= openDatabase(workerData);
  const gzipped = await buildListAnswer(database.db, list);
  // Node's zlib hands back a buffer of its own memory: a view of exactly the answer.
  const bytes = new Uint8Array(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const answer = whole ? bytes : bytes.slice();
  return Piscina.move({
    [Piscina.transferableSymbol]: answer.buffer,
    [Piscina.valueSymbol]: { gzipped: answer, threadId },
  });
}
