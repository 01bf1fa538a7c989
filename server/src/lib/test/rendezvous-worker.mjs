/**
 * A worker of on-demand-pool.unit.test.ts: each task waits until `expected` tasks are in
 * its thread at once (or `giveUpMs` has passed) and answers how many were.
 */
import { answeringWarmUp } from '../on-demand-pool-worker.mjs';

let inThread = 0;
const waiting = [];

export default answeringWarmUp(async ({ expected, giveUpMs }) => {
  inThread += 1;
  const seen = await new Promise((resolve) => {
    waiting.push(resolve);
    if (inThread >= expected) for (const wake of waiting.splice(0)) wake(inThread);
    else setTimeout(() => resolve(inThread), giveUpMs);
  });
  inThread -= 1;
  return seen;
});
