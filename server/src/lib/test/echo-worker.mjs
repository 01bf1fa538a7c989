/** The worker of on-demand-pool.unit.test.ts: a task's text back as bytes, moved. */
import { threadId } from 'node:worker_threads';
import { answeringWarmUp, registerTsx, withBytesMoved } from '../on-demand-pool-worker.mjs';

await registerTsx();
const { bytesInLargerBuffer } = await import('./bytes-in-larger-buffer.ts');

export default answeringWarmUp(async (text) =>
  withBytesMoved(bytesInLargerBuffer(text), (bytes) => ({ bytes, threadId })),
);
