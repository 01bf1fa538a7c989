/**
 * The picture pool's worker (picture-service.ts); what every pool worker does is in
 * lib/on-demand-pool-worker.mjs.
 */
import { threadId } from 'node:worker_threads';
import { answeringWarmUp, registerTsx, withBytesMoved } from '../../lib/on-demand-pool-worker.mjs';

await registerTsx();
const { draw } = await import('./draw.ts');

/** The PNG, moved, and the thread that drew it (the tests check it is not the event loop's). */
export default answeringWarmUp(async (task) => {
  // Skia's bytes live in memory of its own (not detachable) or in Node's shared buffer
  // pool: a copy here, on this thread, gives a buffer of exactly the PNG to hand over.
  const png = new Uint8Array(await draw(task));
  return withBytesMoved(png, (bytes) => ({ png: bytes, threadId }));
});
