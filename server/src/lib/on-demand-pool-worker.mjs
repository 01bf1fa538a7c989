/**
 * What every worker of an on-demand pool (on-demand-pool.ts) does. Plain JavaScript: it
 * runs in a fresh worker thread before TypeScript can be loaded there.
 */
import { existsSync } from 'node:fs';
import { Piscina } from 'piscina';

/**
 * Lets this thread import the server's TypeScript. A worker thread starts without the
 * main thread's tsx loader (and the pool doesn't pass `--import tsx` on), so the worker
 * registers it before importing its code. Not in server/dist (server/scripts/build.ts):
 * there every module is compiled, the workers' imports name .js files, and no TypeScript
 * lies beside this file; tsx would only cost the thread its loader's memory.
 */
export async function registerTsx() {
  if (existsSync(new URL('./on-demand-pool.ts', import.meta.url)))
    (await import('tsx/esm/api')).register();
}

/**
 * piscina's task function for `handle`. The pool's warm() sends `null` only to have a
 * thread started with this code loaded: it is answered here, not handled.
 */
export function answeringWarmUp(handle) {
  return async (task) => (task === null ? null : handle(task));
}

/**
 * `answer(bytes)`, with `bytes`' memory moved to the main thread (piscina's Transferable
 * protocol), not cloned: a structured clone is copied again on the receiving side, the
 * event loop. Only a whole ArrayBuffer moves, so a view of part of one (Node's shared
 * buffer pool) is copied first, here, on this thread.
 */
export function withBytesMoved(bytes, answer) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const own = whole ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
  return Piscina.move({
    [Piscina.transferableSymbol]: own.buffer,
    [Piscina.valueSymbol]: answer(own),
  });
}
