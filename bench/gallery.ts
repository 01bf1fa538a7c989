/**
 * p50/p95 of the gallery (page + count) for one user with 100,000 spots among 600,000, on
 * SQLite and PostgreSQL, uncached: the repository function is called directly, so the
 * response cache (gallery-cache.ts) is bypassed. Every case is timed four ways:
 *   before — the query of commit 3555b33 (bench/gallery-before.ts): OFFSET walks, broad
 *            searches sorting every match; interleaved with "new" in one loop (the
 *            machine is shared and noisy);
 *   new    — galleryReader with its marks, counts and orders for this version already
 *            found (every request after the first of a query), the user's plain orders
 *            read (gallery-spot-orders.ts; their read after the first request is waited
 *            for untimed);
 *   after write — the same reader, each request right after one write of the user's spots
 *            (visited toggled, rating changed, review words changed, a spot created, that
 *            spot deleted; bench/gallery-writes.ts): what it keeps is caught up, not rebuilt;
 *   first  — a fresh galleryReader per request: a query never asked before (or the first
 *            request after a restart), answered without the user's plain orders; the read
 *            of the orders it starts is waited for untimed, so it does not overlap the next.
 * Every reader here keeps no cards (`cardBytes: 0`, spot-cards.ts): each page reads its
 * spots from the database, as a page of spots not shown since their last write does.
 * "CPU new" / "CPU after": this process's CPU time for those requests — all of SQLite's
 * work, PostgreSQL's client side only — which other jobs on the machine disturb far less
 * than wall time. Every "new" and "after write" page is checked to equal the "before" page.
 * Targets (issue 14 §1): p95 ≤ 5 ms on SQLite, ≤ 10 ms on PostgreSQL, every case, new and
 * after a write.
 *
 * The databases are migrated and written to: pass copies of the seeded ones.
 *   npx tsx bench/gallery.ts              # both databases, seeded here, full size
 *   npx tsx bench/gallery.ts --sqlite     # one database only (or --postgres)
 *   BENCH_ITERATIONS=50 BENCH_AFTER_WRITE_RUNS=20 BENCH_FIRST_RUNS=5 npx tsx bench/gallery.ts
 *   BENCH_CASES=search npx tsx bench/gallery.ts   # only the cases whose name matches
 *   BENCH_SQLITE_DIR=… BENCH_POSTGRES_DB=… # reuse databases seeded by bench/seed-spots.ts
 */
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { galleryReader, type GalleryQuery } from '../server/src/features/reviews/gallery.ts';
import { galleryPageJson, type GalleryPage } from '../server/src/features/reviews/spot-cards.ts';
import { migrateToLatest } from '../server/src/db/connection.ts';
import { galleryPageBefore } from './gallery-before.ts';
import { galleryCases as cases } from './gallery-cases.ts';
import { galleryWrites } from './gallery-writes.ts';
import {
  FULL_SIZE,
  reopenPostgres,
  reopenSqlite,
  seedPostgres,
  seedSqlite,
  type SeededDb,
} from './seed-spots.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const AFTER_WRITE_RUNS = Number(process.env.BENCH_AFTER_WRITE_RUNS ?? 20);
const FIRST_RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 5);
const WARMUP = 5;
const TARGET_P95 = { sqlite: 5, postgres: 10 } as const;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p95: pct(sorted, 95) };
};

/** Wall time and this process's CPU time (all of SQLite's work; PostgreSQL's client side). */
async function timed<T>(run: () => Promise<T>): Promise<[ms: number, result: T, cpuMs: number]> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const { user, system } = process.cpuUsage(cpu);
  return [ms, result, (user + system) / 1000];
}

type Write = ReturnType<typeof galleryWrites>;
/** Readers that keep no cards: every page reads its spots. */
const UNCACHED = { cardBytes: 0 };
let writes = 0;

/** Before, new (warm), after a write and first requests of one query. */
async function measure(seeded: SeededDb, query: GalleryQuery, write: Write) {
  const { db, dialect } = seeded.handle;
  const user = seeded.mainUserId;
  const reader = galleryReader(db, dialect, UNCACHED);
  const times = { before: [] as number[], new: [] as number[], after: [] as number[] };
  const cpu = { new: [] as number[], after: [] as number[] };
  const first: number[] = [];
  const before = () => galleryPageBefore(db, dialect, user, query);
  const same = (page: GalleryPage, old: unknown, when: string) => {
    if (
      !isDeepStrictEqual(
        JSON.parse(galleryPageJson(page).toString()),
        JSON.parse(JSON.stringify(old)),
      )
    )
      throw new Error(`new and old pages differ ${when} for ${JSON.stringify(query)}`);
  };
  let count = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const [oldMs, old] = await timed(before);
    const [newMs, page, newCpu] = await timed(() => reader(user, query));
    if (i >= WARMUP) {
      times.before.push(oldMs);
      times.new.push(newMs);
      cpu.new.push(newCpu);
    }
    same(page, old, '');
    count = page.count;
    if (i === 0) await reader.spotOrders?.reading(user);
    if (i < FIRST_RUNS) {
      const fresh = galleryReader(db, dialect, UNCACHED);
      first.push((await timed(() => fresh(user, query)))[0]);
      await fresh.spotOrders?.reading(user);
    }
  }
  for (let i = 0; i < AFTER_WRITE_RUNS; i++) {
    await write(writes++);
    const [ms, page, cpuMs] = await timed(() => reader(user, query));
    times.after.push(ms);
    cpu.after.push(cpuMs);
    same(page, await before(), 'after a write');
  }
  return {
    before: stats(times.before),
    new: stats(times.new),
    after: stats(times.after),
    first: stats(first),
    cpuNew: stats(cpu.new),
    cpuAfter: stats(cpu.after),
    count,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function run(name: 'sqlite' | 'postgres') {
  console.log(
    `\n== ${name}: ${FULL_SIZE.mainSpots} + ${FULL_SIZE.otherUsers}×${FULL_SIZE.otherSpots} spots`,
  );
  const started = Date.now();
  const seeded =
    name === 'postgres'
      ? process.env.BENCH_POSTGRES_DB
        ? reopenPostgres(process.env.BENCH_POSTGRES_DB)
        : await seedPostgres()
      : process.env.BENCH_SQLITE_DIR
        ? reopenSqlite(process.env.BENCH_SQLITE_DIR)
        : await seedSqlite();
  await migrateToLatest(seeded.handle.db); // the change log of migration 008
  console.log(
    `   ready in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadAverage()}; ` +
      `runs per case: ${ITERATIONS} new, ${AFTER_WRITE_RUNS} after a write, ${FIRST_RUNS} first; ` +
      `ms, p50 / p95; target p95 ≤ ${TARGET_P95[name]} ms (new and after a write)`,
  );
  const misses = { new: 0, after: 0 };
  const cell = (s: { p50: number; p95: number }) =>
    `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}`.padStart(15);
  const write = galleryWrites(seeded.handle.db, seeded.mainUserId);
  try {
    const columns = ['before', 'new', 'after write', 'first', 'CPU new', 'CPU after'].map((c) =>
      c.padStart(15),
    );
    console.log(`${'case'.padEnd(40)} ${'count'.padStart(7)} ${columns.join(' ')}`);
    const only = new RegExp(process.env.BENCH_CASES ?? '');
    for (const [label, query] of cases(seeded).filter(([label]) => only.test(label))) {
      const r = await measure(seeded, query, write);
      const over = (['new', 'after'] as const).filter((k) => r[k].p95 > TARGET_P95[name]);
      for (const k of over) misses[k]++;
      console.log(
        `${label.padEnd(40)} ${String(r.count).padStart(7)} ${[r.before, r.new, r.after, r.first, r.cpuNew, r.cpuAfter].map(cell).join(' ')}` +
          (over.length ? `  over target (${over.join(', ')})` : ''),
      );
    }
    console.log(
      `cases over the p95 target of ${TARGET_P95[name]} ms: new ${misses.new}, after a write ` +
        `${misses.after}; load average ${loadAverage()}`,
    );
  } finally {
    await seeded.dispose();
  }
}

const only = process.argv.includes('--sqlite')
  ? ['sqlite']
  : process.argv.includes('--postgres')
    ? ['postgres']
    : ['sqlite', 'postgres'];
for (const name of only) await run(name as 'sqlite' | 'postgres');
