/**
 * p50/p95 of `GET /api/lists/list/{slug}` for a shareable list of 2,000 spots (issue 5 §7),
 * on SQLite and PostgreSQL, over real HTTP (keep-alive, gzip as a browser asks), plus the
 * response size and the database part alone.
 *
 *   npx tsx bench/list-detail.ts              # both databases
 *   npx tsx bench/list-detail.ts --sqlite     # one only (or --postgres)
 *   BENCH_ITERATIONS=50 npx tsx bench/list-detail.ts
 *   npx tsx bench/list-detail.ts --split      # one cold build, part by part (no HTTP)
 *
 * --split times what list-answer-cache.ts does once per list version, part by part (SQL
 * query, photos query, presenter, zod check, JSON.stringify, gzip), then the route's whole
 * build on the event loop and in the build thread, alternately, with how long each kept
 * the event loop busy; it fails if the two builds' gzipped bytes ever differ. Then a spot
 * edited and the answer patched from the last one, against a whole build.
 *
 * PostgreSQL: a database spotbook_bench_lists_<pid> is created on
 * postgres://postgres@127.0.0.1:5432/postgres (or TEST_POSTGRES_URL) and dropped after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance as nodePerformance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { listDetailSchema } from '@spotbook/contract';
import { buildApp } from '../server/src/app.ts';
import { loadConfig, type Config } from '../server/src/config.ts';
import type { Db } from '../server/src/db/connection.ts';
import { presentList } from '../server/src/features/lists/access.ts';
import {
  buildListAnswer,
  patchListAnswer,
} from '../server/src/features/lists/list-answer-build.ts';
import { cachedListAnswer } from '../server/src/features/lists/list-answer-cache.ts';
import {
  listSpotRows,
  listSpots,
  presentListSpots,
} from '../server/src/features/lists/list-spots.ts';
import { findList } from '../server/src/features/lists/repository.ts';
import { photosOfSpots } from '../server/src/features/photos/repository.ts';
import type { PlacesProvider } from '../server/src/features/places/provider.ts';
import { spotColumns } from '../server/src/features/reviews/spot-columns.ts';
import { createDatabase, dropDatabase } from '../server/test/postgres.ts';
import { spotIdsOf } from './seed-writers.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;
const SPOTS_ON_LIST = 2_000;
/** Spots of the same user that are not on the list, and other lists, so indexes matter. */
const OTHER_SPOTS = 8_000;
const OTHER_LISTS = 4;

/** Chromium's Accept-Encoding; the list's answer is kept gzipped and sent so to it. */
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(1)} ms, p95 ${pct(s, 95).toFixed(1)} ms`;
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** One user, 10,000 spots on 10,000 places, a list holding 2,000 of them, 4 other lists. */
async function seed(db: Db): Promise<string> {
  const now = Date.now();
  const user = await db
    .insertInto('users')
    .values({
      username: 'benchuser',
      username_norm: 'benchuser',
      email: 'bench@example.test',
      email_norm: 'bench@example.test',
      password_hash: '!',
      created_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const total = SPOTS_ON_LIST + OTHER_SPOTS;
  const places = Array.from({ length: total }, (_, i) => ({
    id: `lm:bench-${i}`,
    provider: 'lm',
    display_name: `Bench place number ${i}`,
    formatted_address: `${i} Rue de la Paix, 75002 Paris, France`,
    city: 'Paris',
    country: 'France',
    lat: 48.8 + (i % 100) / 1000,
    lng: 2.3 + Math.floor(i / 100) / 1000,
    primary_type: 'tourist_attraction',
    website_uri: `https://example.com/place/${i}`,
    google_maps_uri: `https://www.google.com/maps/search/?api=1&query=48.8,2.3`,
    editorial_summary: 'A landmark with a summary about as long as the curated ones are.',
    photo_ref: '',
    cached_preview_image: '',
    owner_id: null,
    created_at: now,
  }));
  await insertChunked(places, (c) => db.insertInto('places').values(c).execute());
  const reviewText = 'Worth the detour: go early, the light is best before ten.';
  const reviews = places.map((p, i) => ({
    user_id: user.id,
    place_id: p.id,
    review: reviewText,
    rating: i % 6,
    visited: i % 2,
    created_at: now + i,
    updated_at: now + i,
    ...spotColumns(p, reviewText),
  }));
  await insertChunked(reviews, (c) => db.insertInto('reviews').values(c).execute());
  const reviewIds = await spotIdsOf(db, user.id);
  const slugs: string[] = [];
  for (let l = 0; l <= OTHER_LISTS; l++) {
    const slug = `benchuser-list-${l}`;
    const list = await db
      .insertInto('lists')
      .values({
        user_id: user.id,
        name: `List ${l}`,
        description: '',
        shareable_by_link: 1,
        slug,
        search_norm: `list ${l}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('list_slugs').values({ slug, list_id: list.id }).execute();
    const start = l * SPOTS_ON_LIST;
    const entries = reviewIds.slice(start, start + SPOTS_ON_LIST).map((id, i) => ({
      list_id: list.id,
      review_id: id,
      notes: i % 3 ? '' : 'Go on a weekday.',
      added_at: now + ((i * 7919) % SPOTS_ON_LIST), // not in id order
    }));
    await insertChunked(entries, (c) => db.insertInto('list_reviews').values(c).execute());
    slugs.push(slug);
  }
  return slugs[0]!;
}

const gzipAsync = promisify(gzip);
const { eventLoopUtilization } = nodePerformance;
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

/**
 * One cold build of the list's answer (what list-answer-cache.ts does once per list
 * version), part by part, `ITERATIONS` times; medians of wall and CPU time in ms (CPU
 * time hardly moves when other jobs share the machine; wall time does). Every part runs
 * on the event loop except the queries' wait (PostgreSQL: the loop only parses their
 * answers; SQLite's queries are synchronous) and the async gzip (libuv's pool).
 */
async function split(db: Db, config: Config, slug: string) {
  const list = (await findList(db, slug))!;
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  let keep = false;
  async function time<T>(part: string, run: () => T | Promise<T>): Promise<T> {
    const started = performance.now();
    const usage = process.cpuUsage();
    const result = await run();
    const used = process.cpuUsage(usage);
    if (keep) {
      (wall.get(part) ?? wall.set(part, []).get(part)!).push(performance.now() - started);
      (cpu.get(part) ?? cpu.set(part, []).get(part)!).push((used.user + used.system) / 1000);
    }
    return result;
  }
  const database = { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL };
  const onLoop = cachedListAnswer(db, { database, threadFrom: Infinity });
  const inThread = cachedListAnswer(db, { database });
  await inThread.warm();
  const loopBusy = new Map([
    ['on the event loop', [] as number[]],
    ['in the build thread', [] as number[]],
  ]);
  const built: Record<string, Buffer> = {};
  let bytes = 0;
  let jsonBytes = 0;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    keep = i >= WARMUP;
    const json = await time('whole build before gzip', async () => {
      const rows = await time('SQL query', () => listSpotRows(db, list.id));
      const photos = await time('photos query', () =>
        photosOfSpots(
          db,
          rows.map((row) => row.id),
        ),
      );
      const detail = await time('presenter', () => ({
        ...presentList(list),
        reviews: presentListSpots(rows, photos),
      }));
      const checked = await time('zod check', () => listDetailSchema.safeEncode(detail));
      if (!checked.success) throw checked.error;
      return time('JSON.stringify', () => JSON.stringify(checked.data));
    });
    jsonBytes = Buffer.byteLength(json);
    await time('gzip, sync (what the pool spends)', () => gzipSync(json));
    bytes = (await time('gzip, async (on the pool)', () => gzipAsync(json))).length;
    // What handing the rows to a worker thread would cost the loop (postMessage clones).
    const rows = await listSpotRows(db, list.id);
    await time('structured clone of the rows', () => structuredClone(rows));
    // The build as the route runs it (a new version each time: never from memory), on the
    // event loop and in the build thread, alternately, and how long each kept the event
    // loop busy (its utilisation's active time; CPU time counts the thread's too).
    for (const [where, answers] of [
      ['on the event loop', onLoop],
      ['in the build thread', inThread],
    ] as const) {
      const elu = eventLoopUtilization();
      const gzipped = await time(`route's build, ${where}`, () =>
        answers.answer({ ...list, version: list.version + i + 1 }),
      );
      if (keep) loopBusy.get(where)!.push(eventLoopUtilization(elu).active);
      if ((answers.lastBuildThreadId === threadId) !== (answers === onLoop)) {
        throw new Error(`not built ${where}`);
      }
      built[where] ??= gzipped;
      if (!built[where].equals(gzipped)) throw new Error(`${where}: another answer`);
    }
    if (!built['on the event loop']!.equals(built['in the build thread']!)) {
      throw new Error('the thread built another answer than the event loop');
    }
  }
  console.log(
    `one cold build of the ${list.spot_count}-spot list's answer (${(jsonBytes / 1024).toFixed(0)} KiB, ${(bytes / 1024).toFixed(0)} KiB gzipped), median of ${ITERATIONS} after ${WARMUP} warm-ups, ms:`,
  );
  console.log(`  ${'part'.padEnd(36)} ${'wall'.padStart(7)} ${'CPU'.padStart(7)}`);
  for (const [part, ms] of wall) {
    console.log(
      `  ${part.padEnd(36)} ${median(ms).toFixed(2).padStart(7)} ${median(cpu.get(part)!).toFixed(2).padStart(7)}`,
    );
  }
  for (const [where, ms] of loopBusy) {
    console.log(`  route's build ${where}: event loop busy ${median(ms).toFixed(2)} ms`);
  }
  await inThread.close();
  await patchAfterEdits(db, slug, bytes);
}

/**
 * A spot on the list edited, then the answer patched from the one before
 * (list-answer-build.ts) against a whole build of the same version, `ITERATIONS` times;
 * fails if the two ever differ. `streamBytes`: the answer gzipped as one stream.
 */
async function patchAfterEdits(db: Db, slug: string, streamBytes: number) {
  const list = (await findList(db, slug))!;
  const spots = await listSpotRows(db, list.id);
  let kept = await buildListAnswer(db, list);
  const ms = { whole: [] as number[], patched: [] as number[] };
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const spot = spots[(i * 7919) % spots.length]!.id;
    await db
      .updateTable('reviews')
      .set({ rating: i % 6 })
      .where('id', '=', spot)
      .execute();
    const edited = (await findList(db, slug))!;
    let started = process.cpuUsage();
    const whole = await buildListAnswer(db, edited);
    const wholeCpu = process.cpuUsage(started);
    started = process.cpuUsage();
    const patched = await patchListAnswer(db, edited, kept);
    const patchedCpu = process.cpuUsage(started);
    if (!patched?.gzipped.equals(whole.gzipped)) throw new Error('a patch differs from a build');
    kept = patched;
    if (i < WARMUP) continue;
    ms.whole.push((wholeCpu.user + wholeCpu.system) / 1000);
    ms.patched.push((patchedCpu.user + patchedCpu.system) / 1000);
  }
  console.log(
    `one spot edited, then the answer: CPU of this process (every thread), median of ${ITERATIONS}, ms:`,
  );
  console.log(
    `  built whole, in blocks   ${median(ms.whole).toFixed(2).padStart(7)}  (${(kept.gzipped.length / 1024).toFixed(0)} KiB gzipped; ${(streamBytes / 1024).toFixed(0)} KiB as one stream)`,
  );
  console.log(`  patched from the last   ${median(ms.patched).toFixed(2).padStart(7)}`);
}

const agent = new http.Agent({ keepAlive: true });

/** One GET over a kept-alive connection; the body as it came over the wire (undecoded). */
function timedGet(url: string, encoding: string): Promise<{ ms: number; body: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode !== 200) reject(new Error(`${res.statusCode} ${body.toString()}`));
          else resolve({ ms: performance.now() - started, body });
        });
      })
      .on('error', reject);
  });
}

async function run(dialect: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-lists-'));
  const dbName = `spotbook_bench_lists_${process.pid}`;
  const databaseUrl = dialect === 'postgres' ? await createDatabase(dbName) : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EXAMPLE_LISTS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  // The list page never searches places: a stub saves building the embedded index.
  const places: PlacesProvider = {
    name: 'osm',
    searchCities: async () => [],
    searchPlaces: async () => [],
    getPlace: async () => null,
    close: () => {},
  };
  const { app, ctx } = await buildApp(config, { logger: false, places });
  try {
    const seeded = performance.now();
    const slug = await seed(ctx.db);
    console.log(`\n${dialect}: seeded in ${Math.round(performance.now() - seeded)} ms`);
    if (process.argv.includes('--split')) return await split(ctx.db, config, slug);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/lists/list/${slug}`;
    const get = (encoding: string) => timedGet(url, encoding);
    for (let i = 0; i < WARMUP; i++) await get('gzip');
    const http: number[] = [];
    const plain: number[] = [];
    const dbOnly: number[] = [];
    const chromium: number[] = [];
    // CPU time of this process (server and client) per request: unlike wall time it
    // hardly changes when other jobs share the machine.
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) chromium.push((await get(CHROMIUM_ENCODINGS)).ms);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000 / ITERATIONS;
    for (let i = 0; i < ITERATIONS; i++) http.push((await get('gzip')).ms);
    for (let i = 0; i < ITERATIONS; i++) plain.push((await get('identity')).ms);
    const listId = (
      await ctx.db
        .selectFrom('lists')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      await listSpots(ctx.db, listId);
      dbOnly.push(performance.now() - started);
    }
    const asChromium = await get(CHROMIUM_ENCODINGS);
    const gz = await get('gzip');
    const raw = (await get('identity')).body;
    const spots = (JSON.parse(gunzipSync(gz.body).toString()) as { reviews: unknown[] }).reviews;
    console.log(`GET /api/lists/list/{slug}, ${spots.length} spots, ${ITERATIONS} requests each`);
    console.log('(warm: the answer is kept per list version, so HTTP figures measure that cache)');
    console.log(
      `  HTTP, Chromium's Accept-Encoding  ${summary(chromium)}  (${(asChromium.body.length / 1024).toFixed(0)} KiB on the wire)`,
    );
    console.log(`    CPU per request (server + client in this process): ${cpuMs.toFixed(1)} ms`);
    console.log(
      `  HTTP, gzip      ${summary(http)}  (${(gz.body.length / 1024).toFixed(0)} KiB on the wire)`,
    );
    console.log(`  HTTP, identity  ${summary(plain)}  (${(raw.length / 1024).toFixed(0)} KiB)`);
    console.log(`  spots query + presenter only  ${summary(dbOnly)}`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(dbName);
  }
}

const only = process.argv.includes('--sqlite')
  ? 'sqlite'
  : process.argv.includes('--postgres')
    ? 'postgres'
    : null;
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (!only || only === dialect) await run(dialect);
}
