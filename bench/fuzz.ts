/**
 * The schema-guided fuzzer of server/src/test-suites/fuzz.api.test.ts at bench scale:
 * 100,000 requests (by default) spread over every operation of the OpenAPI document,
 * against an in-process app on SQLite and on PostgreSQL, every failure collected rather
 * than the first thrown. Prints requests, a histogram of statuses and the failures.
 *
 *   npx tsx bench/fuzz.ts                 # both databases
 *   npx tsx bench/fuzz.ts --sqlite        # one only (or --postgres)
 *   FUZZ_REQUESTS=20000 FUZZ_SEED=42 npx tsx bench/fuzz.ts
 *   FUZZ_ONLY=preview.png FUZZ_REQUESTS=3000 npx tsx bench/fuzz.ts --postgres
 *
 * PostgreSQL: a database spotbook_bench_fuzz_<pid> is created on
 * postgres://postgres@127.0.0.1:5432/postgres (or TEST_POSTGRES_URL) and dropped after;
 * skipped with a note when no server answers there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { createEmbeddedProvider } from '../server/src/features/places/embedded/embedded-provider.ts';
import { openPlacesIndex } from '../server/src/features/places/embedded/places-index.ts';
import { documentedOperations, newStats, sweepOperation } from '../server/test/fuzz/run.ts';
import { buildWorld } from '../server/test/fuzz/world.ts';
import { SHARED_PLACES_DIR } from '../server/test/places-index.ts';
import { createDatabase, dropDatabase } from '../server/test/postgres.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** only the operations whose "METHOD /path" contains this text */
const ONLY = process.env.FUZZ_ONLY ?? '';

async function fuzz(dialect: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-fuzz-'));
  const dbName = `spotbook_bench_fuzz_${process.pid}`;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    try {
      databaseUrl = await createDatabase(dbName);
    } catch (error) {
      console.log(`postgres: skipped (${(error as Error).message})`);
      return;
    }
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EXAMPLE_LISTS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const places = createEmbeddedProvider(openPlacesIndex(SHARED_PLACES_DIR), { ownsIndex: true });
  const { app, ctx } = await buildApp(config, {
    logger: false,
    places,
    mailer: { send: async () => undefined },
  });
  try {
    await app.ready();
    const world = await buildWorld(app, ctx);
    const operations = (await documentedOperations(app)).filter((o) =>
      `${o.method} ${o.path}`.includes(ONLY),
    );
    const stats = newStats();
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const started = performance.now();
    for (const [i, operation] of operations.entries()) {
      await sweepOperation(world, operation, stats, { numRuns: perOperation, seed: SEED + i });
    }
    const seconds = (performance.now() - started) / 1000;
    const histogram = Object.entries(stats.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `${dialect}: ${stats.requests} requests over ${operations.length} operations in ${seconds.toFixed(1)} s ` +
        `(${Math.round(stats.requests / seconds)}/s, seed ${SEED})`,
    );
    console.log(`  statuses: ${histogram}`);
    console.log(`  failures: ${stats.failures.length}`);
    for (const failure of stats.failures.slice(0, 50)) console.log(`  - ${failure}`);
  } finally {
    await app.close();
    places.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(dbName);
  }
}

const only = process.argv.includes('--sqlite')
  ? (['sqlite'] as const)
  : process.argv.includes('--postgres')
    ? (['postgres'] as const)
    : (['sqlite', 'postgres'] as const);
for (const dialect of only) await fuzz(dialect);
