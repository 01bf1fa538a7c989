/**
 * p50/p95 of the gallery (page + count) for one user with 100,000 spots among 600,000, on
 * SQLite and PostgreSQL, uncached: the repository function is called directly, so the
 * response cache (gallery-cache.ts) is bypassed. Every case is timed three ways, old and
 * new interleaved in the same loop (the machine is shared and noisy):
 *   before — the query of commit 3555b33 (bench/gallery-before.ts): OFFSET walks, broad
 *            searches sorting every match;
 *   new    — galleryReader with its marks and counts for this version already found
 *            (what every request after the first one of a version costs);
 *   cold   — a fresh galleryReader per request (the first request after a write).
 * Targets (issue 14 §1): new p95 ≤ 5 ms on SQLite, ≤ 10 ms on PostgreSQL, every case.
 *
 *   npx tsx bench/gallery.ts              # both databases, full size
 *   npx tsx bench/gallery.ts --sqlite     # one database only (or --postgres)
 *   BENCH_ITERATIONS=50 npx tsx bench/gallery.ts
 *   BENCH_CASES=search npx tsx bench/gallery.ts   # only the cases whose name matches
 *   BENCH_SQLITE_DIR=… BENCH_POSTGRES_DB=… # reuse databases seeded by bench/seed-spots.ts
 */
import type { ReviewListQuery } from '@spotbook/contract';
import { galleryReader, type GalleryQuery } from '../server/src/features/reviews/gallery.ts';
import { galleryPageBefore } from './gallery-before.ts';
import {
  FULL_SIZE,
  reopenPostgres,
  reopenSqlite,
  seedPostgres,
  seedSqlite,
  type SeededDb,
} from './seed-spots.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 10);
const WARMUP = 5;
const TARGET_P95 = { sqlite: 5, postgres: 10 } as const;

const base: GalleryQuery = { offset: 0, limit: 20, sortBy: 'newest', visited: 'both' };
const q = (over: Partial<ReviewListQuery>): GalleryQuery => ({ ...base, ...over });

function cases(seeded: SeededDb): [name: string, query: GalleryQuery][] {
  const city = seeded.places[0]!.city;
  const country = seeded.places[0]!.country;
  const deep = 99_980;
  return [
    ['sort newest (page 1)', q({})],
    ['sort oldest', q({ sortBy: 'oldest' })],
    ['sort highest_rating', q({ sortBy: 'highest_rating' })],
    ['sort lowest_rating', q({ sortBy: 'lowest_rating' })],
    ['filter type=museum', q({ type: 'museum' })],
    [`filter city=${city}`, q({ city })],
    [`filter country=${country}`, q({ country })],
    ['filter visited=true', q({ visited: 'true' })],
    ['filter visited=false', q({ visited: 'false' })],
    ['page 1,000 newest (offset 19,980)', q({ offset: 19_980 })],
    ['last page newest (offset 99,980)', q({ offset: deep })],
    ['last page oldest', q({ offset: deep, sortBy: 'oldest' })],
    ['last page highest_rating', q({ offset: deep, sortBy: 'highest_rating' })],
    ['last page lowest_rating', q({ offset: deep, sortBy: 'lowest_rating' })],
    [
      'offset 50,000 highest, visited=true',
      q({ offset: 50_000, sortBy: 'highest_rating', visited: 'true' }),
    ],
    [
      'offset 45,000 lowest, visited=false',
      q({ offset: 45_000, sortBy: 'lowest_rating', visited: 'false' }),
    ],
    ['offset 9,000 country + lowest', q({ offset: 9_000, country, sortBy: 'lowest_rating' })],
    [
      'offset 4,900 type=cafe + highest',
      q({ offset: 4_900, type: 'cafe', sortBy: 'highest_rating' }),
    ],
    ['search place word "lantern"', q({ search: 'lantern' })],
    ['search review word "sunset"', q({ search: 'sunset' })],
    ['search "garden" newest', q({ search: 'garden' })],
    ['search "garden" highest_rating', q({ search: 'garden', sortBy: 'highest_rating' })],
    ['search "garden" lowest_rating', q({ search: 'garden', sortBy: 'lowest_rating' })],
    ['search "garden" visited=true', q({ search: 'garden', visited: 'true' })],
    ['search "garden" type=museum', q({ search: 'garden', type: 'museum' })],
    [
      'search "garden" last page highest',
      q({ search: 'garden', sortBy: 'highest_rating', offset: 9_320 }),
    ],
    ['search "garden" last page oldest', q({ search: 'garden', sortBy: 'oldest', offset: 9_320 })],
    ['search "mu" (short prefix)', q({ search: 'mu' })],
    ['search "t" (one letter) newest', q({ search: 't' })],
    ['search "t" highest_rating', q({ search: 't', sortBy: 'highest_rating' })],
    [
      'search "t" offset 30,000 lowest',
      q({ search: 't', sortBy: 'lowest_rating', offset: 30_000 }),
    ],
    ['search "lantern" + highest_rating', q({ search: 'lantern', sortBy: 'highest_rating' })],
    ['search "golden lan" (2 words)', q({ search: 'golden lan' })],
    ['search "sunset" page 50', q({ search: 'sunset', offset: 980 })],
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p95: pct(sorted, 95) };
};

async function timed<T>(run: () => Promise<T>): Promise<[ms: number, result: T]> {
  const start = process.hrtime.bigint();
  const result = await run();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

/** Old, new (warm) and cold requests of one query, interleaved. */
async function measure(seeded: SeededDb, query: GalleryQuery) {
  const { db, dialect } = seeded.handle;
  const user = seeded.mainUserId;
  const warm = galleryReader(db, dialect);
  const times = { before: [] as number[], new: [] as number[], cold: [] as number[] };
  let count = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const [oldMs, old] = await timed(() => galleryPageBefore(db, dialect, user, query));
    const [newMs, page] = await timed(() => warm(user, query));
    if (i >= WARMUP) times.before.push(oldMs);
    if (i >= WARMUP) times.new.push(newMs);
    const same = JSON.stringify(page) === JSON.stringify(old);
    if (!same) throw new Error(`new and old pages differ for ${JSON.stringify(query)}`);
    count = page.count;
    if (i < COLD_RUNS) {
      const fresh = galleryReader(db, dialect);
      times.cold.push((await timed(() => fresh(user, query)))[0]);
    }
  }
  return { before: stats(times.before), new: stats(times.new), cold: stats(times.cold), count };
}

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
  console.log(
    `   ready in ${((Date.now() - started) / 1000).toFixed(0)} s; ${ITERATIONS} runs per case ` +
      `(cold: ${COLD_RUNS}); ms, p50 / p95; target new p95 ≤ ${TARGET_P95[name]} ms`,
  );
  let misses = 0;
  const cell = (s: { p50: number; p95: number }) =>
    `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}`.padStart(15);
  try {
    console.log(
      `${'case'.padEnd(40)} ${'count'.padStart(7)} ${'before'.padStart(15)} ${'new'.padStart(15)} ${'cold'.padStart(15)}`,
    );
    const only = new RegExp(process.env.BENCH_CASES ?? '');
    for (const [label, query] of cases(seeded).filter(([label]) => only.test(label))) {
      const r = await measure(seeded, query);
      const miss = r.new.p95 > TARGET_P95[name];
      if (miss) misses++;
      console.log(
        `${label.padEnd(40)} ${String(r.count).padStart(7)} ${cell(r.before)} ${cell(r.new)} ${cell(r.cold)}${miss ? '  over target' : ''}`,
      );
    }
    console.log(`cases over the p95 target of ${TARGET_P95[name]} ms (new): ${misses}`);
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
