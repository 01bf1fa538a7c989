/**
 * A worker of on-demand-pool.unit.test.ts shaped like the app's (top-level await): answers
 * what `require()` of itself does in its thread, as piscina's loader tries first.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { answeringWarmUp } from '../on-demand-pool-worker.mjs';

await Promise.resolve();

export default answeringWarmUp(async () => {
  try {
    createRequire(import.meta.url)(fileURLToPath(import.meta.url));
    return 'required';
  } catch (error) {
    return error.code;
  }
});
