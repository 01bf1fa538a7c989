/**
 * Milliseconds per write of the bench user's spots (bench/gallery-writes.ts: visited,
 * rating, review words changed, a spot created, that spot deleted, as the spot routes
 * write them; the statement and its triggers, not finding the spot) with this tree's
 * triggers: the database is migrated to this tree's latest first (the word-prefix counters
 * of migrations 011–013 included), and migrations 008 (gallery change log) and 009 (list
 * versions) are taken down and up again, so a database seeded by any tree measures this
 * one's triggers, starting from an empty change log.
 * A warm-up of BENCH_WARMUP writes (default 400, ~640 versions) fills the log past what it
 * keeps, so the measured writes see its steady state (trims included).
 *
 * The database is written to (its spots end as they were, but for `updated_at`): pass copies.
 *   BENCH_SQLITE_DIR=<copy> npx tsx bench/gallery-write-cost.ts --sqlite
 *   BENCH_POSTGRES_DB=<copy> npx tsx bench/gallery-write-cost.ts --postgres
 *   BENCH_WRITES=3000 BENCH_WARMUP=400 …
 */
import os from 'node:os';
import { migrateToLatest, type Db } from '../server/src/db/connection.ts';
import * as galleryChanges from '../server/src/db/migrations/008_gallery_changes.ts';
import * as listVersions from '../server/src/db/migrations/009_list_versions.ts';
import { galleryWrites } from './gallery-writes.ts';
import { reopenPostgres, reopenSqlite } from './seed-spots.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
const KINDS = ['visited', 'rating', 'review words', 'create', 'delete'];

async function reapplyTriggers(db: Db) {
  await migrateToLatest(db);
  await listVersions.down(db);
  await galleryChanges.down(db);
  await galleryChanges.up(db);
  await listVersions.up(db);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return `mean ${mean.toFixed(3)}  p50 ${pct(sorted, 50).toFixed(3)}  p95 ${pct(sorted, 95).toFixed(3)}`;
};

const postgres = process.argv.includes('--postgres');
const seeded = postgres
  ? reopenPostgres(process.env.BENCH_POSTGRES_DB ?? '')
  : reopenSqlite(process.env.BENCH_SQLITE_DIR ?? '');
const { db } = seeded.handle;
await reapplyTriggers(db);
const write = galleryWrites(db, seeded.mainUserId);
const byKind: number[][] = KINDS.map(() => []);
for (let i = 0; i < WARMUP; i++) await write(i);
// All of SQLite's work, PostgreSQL's client side; less disturbed by other jobs than wall time.
const cpu = process.cpuUsage();
for (let i = WARMUP; i < WARMUP + WRITES; i++) byKind[i % KINDS.length]!.push(await write(i));
const { user, system } = process.cpuUsage(cpu);
const logged = await db
  .selectFrom('gallery_changes')
  .select((eb) => eb.fn.countAll<number>().as('rows'))
  .where('user_id', '=', seeded.mainUserId)
  .executeTakeFirstOrThrow();
console.log(
  `${postgres ? 'PostgreSQL' : 'SQLite'}: ${WRITES} writes after ${WARMUP}, ms per write; ` +
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; log rows ${logged.rows}`,
);
console.log(`  all            ${summary(byKind.flat())}`);
console.log(
  `  CPU per write, picking the spot included: ${((user + system) / 1000 / WRITES).toFixed(3)}`,
);
KINDS.forEach((kind, k) => console.log(`  ${kind.padEnd(14)} ${summary(byKind[k]!)}`));
await seeded.dispose();
