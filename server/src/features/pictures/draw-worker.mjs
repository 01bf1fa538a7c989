/**
 * The picture pool's worker (picture-service.ts). The server's code is TypeScript run
 * through tsx, and a worker thread starts without the main thread's loader, so this
 * plain module registers tsx in the worker before loading the drawing code.
 */
import { threadId } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { draw } = await import('./draw.ts');

/** The PNG, and the thread that drew it (the tests check it is not the event loop's). */
export default async function drawInWorker(task) {
  if (task === null) return null; // warm(): the thread has started and loaded the code
  return { png: await draw(task), threadId };
}
