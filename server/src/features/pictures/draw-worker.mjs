/**
 * The picture pool's worker (picture-service.ts). The server's code is TypeScript run
 * through tsx, and a worker thread starts without the main thread's loader, so this
 * plain module registers tsx in the worker before loading the drawing code.
 */
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const { draw } = await import('./draw.ts');

/**
 * The PNG, and the thread that drew it (the tests check it is not the event loop's).
 * The PNG's memory is moved to the main thread (piscina's Transferable protocol), not
 * cloned: a structured clone is copied again on the receiving side, the event loop.
 */
export default async function drawInWorker(task) {
  if (task === null) return null; // warm(): the thread has started and loaded the code
  const drawn = await draw(task);
  // Skia's bytes live in memory of its own (not detachable) or in Node's shared buffer
  // pool: a copy here, on this thread, gives a buffer of exactly the PNG to hand over.
  const png = new Uint8Array(drawn);
  return Piscina.move({
    [Piscina.transferableSymbol]: png.buffer,
    [Piscina.valueSymbol]: { png, threadId },
  });
}
