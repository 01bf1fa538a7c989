import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/helper.ts';
import { assertOperation, documentedOperations, newStats } from '../../test/fuzz/run.ts';
import type { FuzzOperation } from '../../test/fuzz/requests.ts';
import { buildWorld, type FuzzWorld } from '../../test/fuzz/world.ts';

/**
 * Schema-guided fuzzing (issue 10): every operation of the app's OpenAPI document gets
 * requests built from its own schemas, mixing plausible values with hostile ones, sent
 * signed in, signed out and without CSRF. Property: no 5xx, every /api/ error is JSON with
 * a string `detail`, and no answer shows a stack, SQL or a file path.
 * `FUZZ_RUNS` (requests in all) and `FUZZ_SEED` widen or replay a run; `FUZZ_TIMES=1`
 * prints where the time went.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
/**
 * Operations whose every plausible request costs tens of milliseconds by design (argon2
 * on sign-in, PNG rendering, the one-off basemap build behind tiles) get fewer runs; the
 * others share the rest of the budget.
 */
const HEAVY = new Set([
  'POST /api/user/login/',
  'GET /api/map/tiles/{z}/{x}/{y}.pbf',
  'GET /api/lists/list/{key}/preview.png',
  'GET /api/lists/list/{key}/map.png',
]);
const HEAVY_RUNS = 40;
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

let t: TestApp;
let world: FuzzWorld;
let operations: FuzzOperation[];
const stats = newStats();
const started = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.app, t.ctx);
  operations = await documentedOperations(t.app);
});
afterAll(async () => {
  console.log(
    `fuzz (${testDialect()}): ${stats.requests} requests over ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(stats.statuses)}`,
  );
  if (process.env.FUZZ_TIMES) console.log(stats.msByOperation);
  await t.close();
});

describe('every documented operation survives fuzzed input', () => {
  it('documents the operations it fuzzes', () => {
    if (operations.length < 30) throw new Error(`only ${operations.length} operations documented`);
  });

  it('answers every request without 5xx, with JSON errors and nothing internal', async () => {
    const name = (operation: FuzzOperation) => `${operation.method} ${operation.path}`;
    const heavy = operations.filter((operation) => HEAVY.has(name(operation))).length;
    const lightRuns = Math.ceil((TOTAL_RUNS - heavy * HEAVY_RUNS) / (operations.length - heavy));
    for (const operation of operations) {
      const numRuns = HEAVY.has(name(operation)) ? HEAVY_RUNS : lightRuns;
      await assertOperation(world, operation, stats, { numRuns, seed: SEED });
    }
    // The signed-in share of the requests really was signed in, to the end.
    expect(await world.userSignedIn()).toBe(true);
  }, 300_000);
});
