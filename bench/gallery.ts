/**
 * p50/p95 of the gallery repository function (page + count) for one user with 100,000
 * spots among 600,000, on SQLite and PostgreSQL. Targets (issue 4 §5): p95 < 10 ms on
 * SQLite, < 25 ms on PostgreSQL, page 1,000 within 2× of page 1.
 *
 *   npx tsx bench/gallery.ts              # both databases, full size
 *   npx tsx bench/gallery.ts --sqlite     # one database only (or --postgres)
 *   BENCH_ITERATIONS=50 npx tsx bench/gallery.ts
 */
import type { ReviewListQuery } from '@spotbook/contract';
import { galleryPage, type GalleryQuery } from '../server/src/features/reviews/gallery.ts';
import {
  FULL_SIZE,
  reopenPostgres,
  reopenSqlite,
  seedPostgres,
  seedSqlite,
  type SeededDb,
} from './seed-spots.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const TARGET_P95 = { sqlite: 10, postgres: 25 } as const;

const base: GalleryQuery = { offset: 0, limit: 20, sortBy: 'newest', visited: 'both' };
const q = (over: Partial<ReviewListQuery>): GalleryQuery => ({ ...base, ...over });

function cases(seeded: SeededDb): [name: string, query: GalleryQuery, target: boolean][] {
  const city = seeded.places[0]!.city;
  const country = seeded.places[0]!.country;
  return [
    ['sort newest (page 1)', q({}), true],
    ['sort oldest', q({ sortBy: 'oldest' }), true],
    ['sort highest_rating', q({ sortBy: 'highest_rating' }), true],
    ['sort lowest_rating', q({ sortBy: 'lowest_rating' }), true],
    ['filter type=museum', q({ type: 'museum' }), true],
    [`filter city=${city}`, q({ city }), true],
    [`filter country=${country}`, q({ country }), true],
    ['filter visited=true', q({ visited: 'true' }), true],
    ['filter visited=false', q({ visited: 'false' }), true],
    ['search place word "lantern"', q({ search: 'lantern' }), true],
    ['search review word "sunset"', q({ search: 'sunset' }), true],
    ['page 1,000 newest (offset 19,980)', q({ offset: 19_980 }), true],
    ['page 1,000 highest_rating', q({ offset: 19_980, sortBy: 'highest_rating' }), true],
    ['page 1,000 lowest_rating', q({ offset: 19_980, sortBy: 'lowest_rating' }), true],
    [
      'extra: visited=true + highest_rating',
      q({ visited: 'true', sortBy: 'highest_rating' }),
      false,
    ],
    ['extra: type=cafe + lowest_rating', q({ type: 'cafe', sortBy: 'lowest_rating' }), false],
    [
      'extra: country + visited=false + oldest',
      q({ country, visited: 'false', sortBy: 'oldest' }),
      false,
    ],
    [
      'extra: search "lantern" + highest_rating',
      q({ search: 'lantern', sortBy: 'highest_rating' }),
      false,
    ],
    ['extra: search "sunset" + visited=true', q({ search: 'sunset', visited: 'true' }), false],
    ['extra: search "golden lan" (2 words)', q({ search: 'golden lan' }), false],
    ['extra: search "mu" (short prefix)', q({ search: 'mu' }), false],
    ['extra: search "sunset" page 50', q({ search: 'sunset', offset: 980 }), false],
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(seeded: SeededDb, query: GalleryQuery) {
  const { db, dialect } = seeded.handle;
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const start = process.hrtime.bigint();
    const page = await galleryPage(db, dialect, seeded.mainUserId, query);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (i >= WARMUP) times.push(ms);
    count = page.count;
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), count };
}

async function run(name: 'sqlite' | 'postgres') {
  console.log(
    `\n== ${name}: seeding ${FULL_SIZE.mainSpots} + ${FULL_SIZE.otherUsers}×${FULL_SIZE.otherSpots} spots`,
  );
  const started = Date.now();
  const reuse = process.env.BENCH_SQLITE_DIR;
  const seeded =
    name === 'postgres'
      ? process.env.BENCH_POSTGRES_DB
        ? reopenPostgres(process.env.BENCH_POSTGRES_DB)
        : await seedPostgres()
      : reuse
        ? reopenSqlite(reuse)
        : await seedSqlite();
  console.log(
    `   seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; ${ITERATIONS} runs per case`,
  );
  const results = new Map<string, { p50: number; p95: number }>();
  let misses = 0;
  try {
    console.log(
      `${'case'.padEnd(44)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`,
    );
    for (const [label, query, target] of cases(seeded)) {
      const r = await measure(seeded, query);
      results.set(label, r);
      const miss = target && r.p95 >= TARGET_P95[name];
      if (miss) misses++;
      console.log(
        `${label.padEnd(44)} ${String(r.count).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)}${miss ? '  over target' : ''}`,
      );
    }
    const p1 = results.get('sort newest (page 1)')!;
    const p1000 = results.get('page 1,000 newest (offset 19,980)')!;
    const ratio = p1000.p50 / p1.p50;
    console.log(
      `page 1,000 / page 1 (newest, p50): ${ratio.toFixed(2)}×  (p95: ${(p1000.p95 / p1.p95).toFixed(2)}×)` +
        `; target cases over p95 ${TARGET_P95[name]} ms: ${misses}`,
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
