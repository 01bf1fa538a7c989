/**
 * The list build thread's worker (list-answer-cache.ts); what every pool worker does is in
 * lib/on-demand-pool-worker.mjs. The thread has a database connection of its own (the
 * app's own settings, from workerData), opened on its first build and dropped with the
 * thread. It keeps the last answer it built of each list, in blocks, to patch the list's
 * next version from (list-answer-build.ts), and stores what it builds whole for the other
 * app processes (list-answer-store.ts), which patch their own versions from it.
 */
import { threadId, workerData } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { answeringWarmUp, registerTsx, withBytesMoved } from '../../lib/on-demand-pool-worker.mjs';

await registerTsx();
const { openDatabase } = await import('../../db/connection.ts');
const { nextListAnswer, storedLayout } = await import('./list-answer-build.ts');
const { storeListAnswer } = await import('./list-answer-store.ts');

let database;
/**
 * The last answer built of each list, within ~32 MB: a 2,000-spot list's blocks are ~80-190
 * KB gzipped, their ends (the next block's dictionary) 256 KB and its positions ~100 KB.
 * Lost with the thread; the next build is whole.
 */
const kept = new LRUCache({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (answer) =>
    answer.blocks.blocks.reduce(
      (bytes, block) => bytes + block.deflated.length + block.end.length,
      0,
    ) +
    answer.positions.size * 50,
});

/** The gzipped answer, moved, the thread that built it, and whether it was patched. */
export default answeringWarmUp(async (list) => {
  database ??= openDatabase(workerData);
  const { gzipped, made, ...answer } = await nextListAnswer(database.db, list, kept.get(list.id));
  if (answer.version === list.version) kept.set(list.id, answer);
  // For the other app processes (list-answer-store.ts), before the bytes move: a whole
  // build only. A patched version costs them a patch of their own (~1 ms) where storing it
  // wrote its ~190 KB on every edit of a spot on a big list, which made SQLite's writers
  // queue behind it (decision 023, "Only whole builds stored").
  if (made === 'whole') await storeListAnswer(database.db, list, gzipped, storedLayout(answer));
  // gzipBytes allocates the answer's own buffer (or a view of Node's pool when small,
  // which withBytesMoved copies): it moves without a copy.
  return withBytesMoved(gzipped, (bytes) => ({
    gzipped: bytes,
    threadId,
    patched: made === 'patched',
  }));
});
