/**
 * What 50 people do at once, replayed against the real server (`npm run serve`, its own
 * process, WORKERS=1 and 2) on the users of bench/seed-spots.ts: mostly first gallery
 * pages with varied sort, filter and search, deep pages, metadata, opening lists (20, 200
 * and 2,000 spots: their own, and other people's shared lists signed in and signed out)
 * and spots, place search, and 5 % writes (edit a spot; create a spot on a list). 50
 * keep-alive connections for 30 s from a load-generator process
 * (bench/mixed-load-client.ts), beside a bare Fastify route serving the 100,000-spot
 * user's first gallery page from memory in the same run (bench/bare-route-server.ts),
 * measured before and after the mixes: each mix's share is of the two's mean.
 * Each kind alone first (the mix's 50 connections and people, 3 s each, after one 10 s run
 * of the whole mix that reads every person's orders and cards) gives the server's CPU ms
 * per request of it, of all its threads and of its main threads (the event loops) alone,
 * and on PostgreSQL the database server's own. Alone, a kind misses what the writes of
 * the others cost it in the mix: the mix costs about twice its kinds (decision 023,
 * session 36).
 *
 * Two mixes, same kinds and shares (bench/mixed-load-plan.ts): "people", each connection
 * a user of their own (the 100,000-spot user is one of the 50), and "one user", every
 * connection the 100,000-spot user (the mix of decision 023 until 2026-11-23), kept for
 * comparison: there every write moves the one gallery all reads hit.
 *
 * Targets (issue 14 §2): throughput ≥ 15 % of the bare route, p99 ≤ 100 ms, no request over
 * 1 s, no error.
 *
 *   npx tsx bench/mixed-load.ts                         # both databases, 1 and 2 workers
 *   npx tsx bench/mixed-load.ts --sqlite --workers 2 --seconds 10
 *   BENCH_SQLITE_DIR=… BENCH_POSTGRES_DB=…  reuse databases seeded by bench/seed-spots.ts
 *   --mixes people       runs only that mix (default "people,one user")
 *   --warm-up <s>      each mix's run measured after this many seconds of it (default 5;
 *                      0 measures from the first request, as before 2026-11-30); the
 *                      warm-up's figures are printed apart, its errors counted
 *   --cpu-prof <dir>   the server writes V8 CPU profiles there (one per process, at stop)
 *   --heap-prof        with --cpu-prof: sampled allocation profiles too, collected objects
 *                      included (npx tsx bench/profile-top.ts <file> sums either up)
 *   --gc-trace <dir>   the server logs its garbage collection pauses there; each mix's run
 *                      prints them: time, count and longest, by kind and process
 *   --late-turn-ms <ms> with --gc-trace: late turns from this long (default 100)
 *   --skip-alone       no kind alone (a CPU profile of the mixes only)
 *   --alone-connections <n> each kind alone from n connections, as many people (default
 *                      50; 8 until 2026-12-04, whose caches held all of their 8 people)
 *   --cold-lists       no list answer stored before the run: the first opening of each of
 *                      the ~150 lists in it builds it whole (every run before 2026-11-30,
 *                      session 29); by default each big list's answer is stored at its
 *                      version, as a deployment holds for lists opened before (bench/
 *                      mixed-load-lists.ts)
 *   --only <kinds>     runs only the kinds whose names hold one of these words (comma list)
 *   --node-options <…> passed to the server processes (NODE_OPTIONS), e.g. a --require hook
 *   --server-env <K=V,…> set in the server processes' environment, e.g. DATABASE_POOL_SIZE=4
 *   --through-nginx <n> the mixes go through nginx in front of the server, keeping n idle
 *                      connections to it (README, "Behind a reverse proxy"); 0, nginx's
 *                      default, opens a connection to the server per request
 *   --accept-encoding <…> sent on every request, e.g. Chromium's 'gzip, deflate, br, zstd'
 *                      (default: none, every answer plain, as in the figures before 2026-11-24)
 *   --paced <rate>     after each mix, the same mix paced: at this fraction of its
 *                      throughput (0.5), or at this many requests a second (400: the same
 *                      load for two trees compared). People act at random moments, and a
 *                      request's latency counts from when it was due (mixed-load-client.ts).
 *                      Flat out, a closed loop's mean latency is 50 connections ÷ its req/s
 *                      whatever a request waits for; paced below capacity, its own waits show.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { copyPlacesIndex } from '../e2e/support/app-server.ts';
import { sql } from 'kysely';
import { migrateToLatest } from '../server/src/db/connection.ts';
import { startAppProcess, freePort, type AppProcess } from './app-process.ts';
import { onCleanup, runScript, signalGroup, spawnGroup } from './child-processes.ts';
import type { KindFigures, LoadFigures, LoadPlan, SlowAnswer } from './mixed-load-client.ts';
import {
  benchUsers,
  creatablePlaceIds,
  mixPlan,
  sharesLine,
  type BenchUser,
  type MixName,
  type MixPlan,
} from './mixed-load-plan.ts';
import { prepareListAnswers, type ListsAtStart } from './mixed-load-lists.ts';
import {
  reopenPostgres,
  reopenSqlite,
  seedPostgres,
  seedSqlite,
  type SeededDb,
} from './seed-spots.ts';
import { gcPausesBetween } from './gc-pauses.ts';
import { startNginx } from './nginx-proxy.ts';
import { forkingServerCpuMs, parentPid, statCpuMs, tcpExtCounter } from './proc-status.ts';
import { pgDatabaseUrl } from './seed-writers.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Number(option('--seconds') ?? 30);
/**
 * Each mix's run is measured after this much of it: the bench deletes the spots its last
 * run created before each run (lists and galleries change at once, for every person), and
 * opens 50 connections at once; both are one-time costs a measured steady state leaves out.
 * The warm-up's own figures are printed beside it (decision 023, session 26).
 */
const WARM_UP_SECONDS = Number(option('--warm-up') ?? 5);
const WORKER_COUNTS = (option('--workers') ?? '1,2').split(',').map(Number);
const DATABASES = (['sqlite', 'postgres'] as const).filter(
  (db) => !(args.includes('--sqlite') || args.includes('--postgres')) || args.includes(`--${db}`),
);
const CPU_PROF_DIR = option('--cpu-prof');
if (CPU_PROF_DIR) mkdirSync(CPU_PROF_DIR, { recursive: true });
const gcTraceArg = option('--gc-trace');
const GC_TRACE_DIR = gcTraceArg && path.resolve(gcTraceArg);
if (GC_TRACE_DIR) mkdirSync(GC_TRACE_DIR, { recursive: true });
/** With --gc-trace: the shortest turn of the event loop it reports as late (default 100 ms). */
const LATE_TURN_MS = option('--late-turn-ms');
const ONLY = option('--only')?.split(',');
const NODE_OPTIONS = [
  option('--node-options'),
  CPU_PROF_DIR && `--require ${path.resolve('bench/mixed-load-cpu-profile.cjs')}`,
  GC_TRACE_DIR && `--require ${path.resolve('bench/mixed-load-gc-trace.cjs')}`,
].filter(Boolean);
/** e.g. 'DATABASE_POOL_SIZE=4': a setting compared between runs. */
const SERVER_ENV = Object.fromEntries(
  (option('--server-env') ?? '')
    .split(',')
    .filter(Boolean)
    // Split at the first '=' only: a value (a database URL) may hold more.
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const CONNECTIONS = 50;
const NGINX_KEEPALIVE = option('--through-nginx');
const HOME_PAGE = '/api/reviews/review/?offset=0&limit=20&sortBy=newest&visited=both';
/** For a CPU profile of the mixes alone. */
const SKIP_ALONE = args.includes('--skip-alone');
const ALONE_CONNECTIONS = Number(option('--alone-connections') ?? CONNECTIONS);
/** The whole mix, unmeasured, before the kinds alone: each person's caches read first. */
const ALONE_WARM_UP_MS = 10_000;
const LISTS_AT_START: ListsAtStart = args.includes('--cold-lists') ? 'cold' : 'opened';
const MIXES = (option('--mixes') ?? 'people,one user').split(',') as MixName[];
/** e.g. 'gzip, deflate, br, zstd' (Chromium's): answers then come compressed, as to a browser. */
const ACCEPT_ENCODING = option('--accept-encoding');
const PACED = option('--paced') === undefined ? undefined : Number(option('--paced'));
const pacedAs = PACED !== undefined && PACED > 1 ? 'as asked' : `${PACED} of flat out`;
/**
 * Deletes the spots earlier phases created (of the embedded places; the seeded spots are of
 * `bench` places), so every phase creates spots anew instead of hearing "already have".
 */
async function forgetCreatedSpots(db: SeededDb, users: BenchUser[]) {
  await db.handle.db
    .deleteFrom('reviews')
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .where(
      'place_id',
      'not in',
      db.handle.db.selectFrom('places').select('id').where('provider', '=', 'bench'),
    )
    .execute();
}

/**
 * The spots of the runs before deleted, and on PostgreSQL their dead rows cleared as
 * autovacuum clears them in a deployment: this machine's PostgreSQL runs with autovacuum
 * off (its conf.d/90-ci.conf), and a dozen runs on one database left 110,000 dead rows in search_prefix_counts and 5,150
 * in spot_counts beside its 51 live ones (decision 023, session 33).
 */
async function resetForRun(db: SeededDb, users: BenchUser[]) {
  await forgetCreatedSpots(db, users);
  if (db.handle.dialect !== 'postgres') return;
  const started = performance.now();
  await sql`VACUUM (ANALYZE)`.execute(db.handle.db);
  console.log(`  VACUUM (ANALYZE) before the run: ${(performance.now() - started).toFixed(0)} ms`);
}

/** Runs the load generator; `measuring` is called when its measured run starts (after any warm-up). */
async function runClient(plan: LoadPlan, measuring?: () => void): Promise<LoadFigures> {
  // The plan (thousands of requests) goes through a file: too long for an argument.
  const file = path.join(os.tmpdir(), `spotbook-load-plan-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ ...plan, acceptEncoding: ACCEPT_ENCODING }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/mixed-load-client.ts', file], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  child.once('message', () => measuring?.());
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  rmSync(file, { force: true });
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(output) as LoadFigures;
}

/**
 * CPU ms a process and its children (the cluster's workers) have used, from /proc: all of
 * their threads, and their main threads alone (the event loops; the rest is the list build
 * and picture threads, libuv's pool and V8's helpers). A saturated event loop shows as main
 * threads near SECONDS × 1000 ms per worker.
 */
function treeCpuMs(pid: number): { total: number; mainThreads: number; database: number } {
  const cpu = {
    total: 0,
    mainThreads: 0,
    database: postgresServer ? forkingServerCpuMs(postgresServer) : 0,
  };
  const visit = (p: number) => {
    try {
      cpu.total += statCpuMs(readFileSync(`/proc/${p}/stat`, 'utf8'));
      cpu.mainThreads += statCpuMs(readFileSync(`/proc/${p}/task/${p}/stat`, 'utf8'));
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8');
        for (const child of children.split(' ').filter(Boolean)) visit(Number(child));
      }
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return cpu;
}

/**
 * PostgreSQL's postmaster, when the bench runs on its machine: the CPU of all its processes
 * (the app's connections, and the rest of the server, idle here) is measured beside the app's.
 */
let postgresServer: number | undefined;

async function postmasterOf(db: SeededDb): Promise<number | undefined> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.handle.db);
  try {
    return parentPid(rows[0]!.pid);
  } catch {
    return undefined; // another machine's server
  }
}

/** CPU ms per request since `before`: of every thread, of the main threads, of PostgreSQL. */
function cpuPerRequest(pid: number, before: ReturnType<typeof treeCpuMs>, requests: number) {
  const now = treeCpuMs(pid);
  const per = (ms: number) => (ms / Math.max(1, requests)).toFixed(2);
  const database = postgresServer
    ? `, PostgreSQL ${per(now.database - before.database)} ms/req`
    : '';
  return `server CPU ${per(now.total - before.total)} ms/req (main threads ${per(now.mainThreads - before.mainThreads)})${database}`;
}

const sum = (figures: Record<string, KindFigures>, key: 'count' | 'errors' | 'overOneSecond') =>
  Object.values(figures).reduce((total, f) => total + f[key], 0);

async function bareRoute(sample: string): Promise<number> {
  const file = path.join(os.tmpdir(), `spotbook-bare-${process.pid}.json`);
  writeFileSync(file, sample);
  const port = await freePort();
  const child = spawnGroup(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-route-server.ts', String(port), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const figures = await runClient({
    base: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    durationMs: SECONDS * 1000,
    warmUpMs: WARM_UP_SECONDS * 1000, // as the mixes have
    kinds: [{ kind: 'bare', weight: 1, requests: [{ method: 'GET', path: '/bare' }] }],
  });
  signalGroup(child, 'SIGTERM');
  rmSync(file, { force: true });
  return figures.kinds.bare!.count / SECONDS;
}

async function benchDatabase(dialect: 'sqlite' | 'postgres') {
  const reuse = dialect === 'sqlite' ? process.env.BENCH_SQLITE_DIR : process.env.BENCH_POSTGRES_DB;
  console.log(
    `\n== ${dialect}: ${reuse ? `reusing ${reuse}` : 'seeding 100,000 spots (a few minutes)'}`,
  );
  const db = reuse
    ? dialect === 'sqlite'
      ? reopenSqlite(reuse)
      : reopenPostgres(reuse)
    : dialect === 'sqlite'
      ? await seedSqlite()
      : await seedPostgres();
  onCleanup(() => db.dispose());
  // A database seeded by an older tree is migrated here: in the server, a long migration
  // (013: about a minute on the bench database) would outlast its start's health check.
  await migrateToLatest(db.handle.db);
  postgresServer = dialect === 'postgres' ? await postmasterOf(db) : undefined;
  const users = await benchUsers(db);
  const prepared = await prepareListAnswers(db.handle.db, users, LISTS_AT_START);
  console.log(
    LISTS_AT_START === 'cold'
      ? `  lists cold: no answer stored (${prepared} dropped), each one's first opening builds it whole`
      : `  lists opened before: each big list's answer stored at its version (${prepared} stored now)`,
  );
  const dataDir =
    db.dataDir ?? (await import('./app-process.ts')).dataDirWithPlaces('spotbook-mixed-');
  if (db.dataDir) copyPlacesIndex(db.dataDir);
  const pgName = dialect === 'postgres' ? (reuse ?? `spotbook_bench_${process.pid}`) : null;

  for (const workers of WORKER_COUNTS) {
    const app = await startAppProcess({
      port: await freePort(),
      dataDir,
      env: {
        WORKERS: String(workers),
        EXAMPLE_LISTS: '0',
        ...(NODE_OPTIONS.length ? { NODE_OPTIONS: NODE_OPTIONS.join(' ') } : {}),
        ...(CPU_PROF_DIR ? { SPOTBOOK_CPU_PROFILE_DIR: path.resolve(CPU_PROF_DIR) } : {}),
        ...(args.includes('--heap-prof') ? { SPOTBOOK_HEAP_PROFILE: '1' } : {}),
        ...(GC_TRACE_DIR ? { SPOTBOOK_GC_TRACE_DIR: GC_TRACE_DIR } : {}),
        ...(LATE_TURN_MS ? { SPOTBOOK_LATE_TURN_MS: LATE_TURN_MS } : {}),
        ...(pgName ? { DATABASE_URL: pgDatabaseUrl(pgName) } : {}),
        ...SERVER_ENV,
      },
    });
    // Spots created by an earlier run go first: the plan must not edit spots deleted later.
    await forgetCreatedSpots(db, users);
    const places = await creatablePlaceIds(app, users[0]!.username, db.password);
    const plans = new Map<MixName, MixPlan>();
    for (const mix of MIXES) {
      const plan = await mixPlan(app, db, users, places, mix, CONNECTIONS);
      plan.kinds = plan.kinds.filter((k) => !ONLY || ONLY.some((word) => k.kind.includes(word)));
      plans.set(mix, plan);
    }
    const first = plans.get(MIXES[0]!)!;
    console.log(`\n${dialect}, ${workers} worker(s), ${loadAverage()}`);
    console.log(`  Accept-Encoding: ${ACCEPT_ENCODING ?? '(none: every answer plain)'}`);
    for (const [mix, plan] of plans) console.log(`  mix "${mix}": ${plan.summary}`);
    console.log(`  shares: ${sharesLine(first.kinds)}`);
    console.log(`  new spots: of ${places.length} embedded places, each person creating each once`);
    console.log(
      `${dialect}, ${workers} worker(s): each kind alone, mix "${MIXES[0]}" (${ALONE_CONNECTIONS} connections, 3 s after 1 s unmeasured, all after ${ALONE_WARM_UP_MS / 1000} s of the mix)`,
    );
    /** Kinds of the mix from its people at ALONE_CONNECTIONS: the warm-up and each kind alone. */
    const runAmongPeople = (kinds: typeof first.kinds, durationMs: number) =>
      runClient({
        base: app.url,
        connections: ALONE_CONNECTIONS,
        durationMs,
        people: first.people,
        kinds,
      });
    if (!SKIP_ALONE) {
      // Until every person's gallery orders are read (after their first request, in the
      // background), their pages walk the indexes at more CPU than a page of the orders.
      await forgetCreatedSpots(db, users);
      await runAmongPeople(first.kinds, ALONE_WARM_UP_MS);
    }
    for (const kind of SKIP_ALONE ? [] : first.kinds) {
      // A second unmeasured first: one-time costs (a picture thread started by the first
      // list view, caches filling) aren't a cost per request.
      const kindAlone = (durationMs: number) =>
        runAmongPeople([{ ...kind, weight: 1 }], durationMs);
      await forgetCreatedSpots(db, users);
      await kindAlone(1000);
      await forgetCreatedSpots(db, users);
      const before = treeCpuMs(app.pid);
      const alone = await kindAlone(3000);
      const f = alone.kinds[kind.kind]!;
      // (a kind taken in turn may run out of requests before the 3 s are over)
      const cpu = cpuPerRequest(app.pid, before, f.count);
      console.log(
        `  ${kind.kind.padEnd(30)} ${(f.count / 3).toFixed(0).padStart(6)} req/s  ${cpu}  p99 ${f.p99.toFixed(1)} ms  errors ${f.errors}${f.samples.length ? ` (${f.samples[0]})` : ''}`,
      );
    }
    // The bare route sends a page the mix sends: the 100,000-spot user's home page. It is
    // measured before and after the mixes, and each mix's share is of the two's mean: on
    // this shared machine one measurement alone moved by half between runs (decision 023,
    // "The baseline measured twice").
    const sample = await fetch(`${app.url}${HOME_PAGE}`, {
      headers: { cookie: first.people[0]!.cookie },
    });
    if (sample.status !== 200) throw new Error(`the bare route's sample answered ${sample.status}`);
    const page = await sample.text();
    const bareBefore = await bareRoute(page);
    console.log(
      `bare route, before the mixes: ${bareBefore.toFixed(0)} req/s sending the first page (${page.length} bytes)`,
    );
    const proxy =
      NGINX_KEEPALIVE === undefined
        ? undefined
        : await startNginx(await freePort(), [Number(new URL(app.url).port)], {
            keepalive: Number(NGINX_KEEPALIVE),
          });
    if (proxy) console.log(`  the mixes through nginx, keepalive ${NGINX_KEEPALIVE}`);
    const rates = new Map<MixName, MixFigures>();
    const paced = new Map<MixName, MixFigures>();
    for (const [mix, plan] of plans) {
      await resetForRun(db, users);
      const base = proxy?.url ?? app.url;
      const flatOut = await mixRun(app, base, dialect, workers, mix, plan);
      rates.set(mix, flatOut);
      if (PACED === undefined) continue;
      await resetForRun(db, users);
      const rate = PACED > 1 ? PACED : PACED * flatOut.rate;
      paced.set(mix, await mixRun(app, base, dialect, workers, mix, plan, rate));
    }
    await proxy?.stop();
    const bareAfter = await bareRoute(page);
    const bare = (bareBefore + bareAfter) / 2;
    console.log(
      `bare route, after the mixes: ${bareAfter.toFixed(0)} req/s; mean ${bare.toFixed(0)}`,
    );
    for (const [mix, f] of rates) {
      const share = (of: number) => `${((100 * f.rate) / of).toFixed(1)} %`;
      console.log(
        `  ${dialect}, ${workers} worker(s), mix "${mix}": ${f.rate.toFixed(0)} req/s = ${share(bare)} of the bare route (target ≥ 15 %; ${share(bareBefore)} of the one before, ${share(bareAfter)} of the one after); ` +
          `worst kind p99 ${f.p99.toFixed(1)} ms (target ≤ 100); over 1 s: ${f.overOneSecond}; errors: ${f.errors}; ${f.cpu}`,
      );
    }
    for (const [mix, f] of paced) {
      console.log(
        `  ${dialect}, ${workers} worker(s), mix "${mix}" paced at ${f.rate.toFixed(0)} req/s (${pacedAs}): ` +
          `worst kind p99 ${f.p99.toFixed(1)} ms; over 1 s: ${f.overOneSecond}; errors: ${f.errors}; ${f.cpu}`,
      );
    }
    await app.stop();
  }
}

/** What a mix's whole run gives, set beside the bare route once it is measured again. */
interface MixFigures {
  rate: number;
  p99: number;
  overOneSecond: number;
  errors: number;
  /** server CPU per request, as printed */
  cpu: string;
}

/** One mix from 50 connections: flat out, or paced at `ratePerSecond` requests a second. */
async function mixRun(
  app: AppProcess,
  base: string,
  dialect: string,
  workers: number,
  mix: MixName,
  plan: MixPlan,
  ratePerSecond?: number,
): Promise<MixFigures> {
  const synsBefore = tcpExtCounter('TCPSynRetrans');
  let before = treeCpuMs(app.pid);
  let startedAt = Date.now();
  const figures = await runClient(
    {
      base,
      origin: app.url,
      connections: CONNECTIONS,
      durationMs: SECONDS * 1000,
      warmUpMs: WARM_UP_SECONDS * 1000,
      people: plan.people,
      kinds: plan.kinds,
      ratePerSecond,
    },
    () => {
      before = treeCpuMs(app.pid);
      startedAt = Date.now();
    },
  );
  const synsSentAgain = tcpExtCounter('TCPSynRetrans') - synsBefore;
  const mixed = figures.kinds;
  const total = sum(mixed, 'count');
  const cpu = cpuPerRequest(app.pid, before, total);
  const p99 = Math.max(...Object.values(mixed).map((f) => f.p99));
  console.log(
    `${dialect}, ${workers} worker(s): mix "${mix}", ${CONNECTIONS} connections, ${SECONDS} s` +
      (ratePerSecond ? `, paced at ${ratePerSecond.toFixed(0)} req/s` : '') +
      `, ${loadAverage()}`,
  );
  const line = (name: string, f: KindFigures) =>
    `  ${name.padEnd(30)} ${String(f.count).padStart(7)} answers  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  max ${f.max.toFixed(0)} ms  errors ${f.errors}${f.samples.length ? ` (${f.samples[0]})` : ''}`;
  if (WARM_UP_SECONDS) console.log(line(`(warm-up, ${WARM_UP_SECONDS} s before)`, figures.warmUp));
  for (const [kind, f] of Object.entries(mixed)) console.log(line(kind, f));
  for (const [label, f] of Object.entries(figures.labelled))
    console.log(line(`(all of ${label})`, f));
  if (GC_TRACE_DIR) {
    const endedAt = Date.now();
    await sleep(300); // the trace is flushed every 200 ms
    for (const gcLine of gcPausesBetween(GC_TRACE_DIR, startedAt, endedAt)) console.log(gcLine);
  }
  const result: MixFigures = {
    rate: total / SECONDS,
    p99,
    overOneSecond: sum(mixed, 'overOneSecond'),
    // The warm-up's errors count: it is unmeasured for its latency only.
    errors: sum(mixed, 'errors') + figures.warmUp.errors,
    cpu,
  };
  console.log(`  total ${result.rate.toFixed(0)} req/s; ${cpu}`);
  if (figures.slow.length) console.log(`  over 1 s: ${slowAnswers(figures.slow)}`);
  console.log(`  answers over 100 ms, by when asked: ${slowTimeline(figures.overTenthByTenth)}`);
  if (figures.ownLateTurns.length) {
    const turns = figures.ownLateTurns.map(([at, ms]) => `${ms} ms at ${at.toFixed(1)} s`);
    console.log(`  the load generator's own late turns: ${turns.join(', ')}`);
  }
  if (synsSentAgain) console.log(`  connection requests (SYN) sent again: ${synsSentAgain}`);
  return result;
}

/** When the answers over a second were asked, and how many opened their connection. */
function slowAnswers(slow: SlowAnswer[]): string {
  const at = slow.map((answer) => answer.at).sort((a, b) => a - b);
  const opened = slow.filter((answer) => answer.newConnection);
  const span = (values: number[]) =>
    `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)} ms`;
  const connects = opened.flatMap((answer) => answer.connectMs ?? []);
  return (
    `${slow.length}, asked ${at[0]!.toFixed(1)}-${at.at(-1)!.toFixed(1)} s into the run, ` +
    `answered in ${span(slow.map((answer) => answer.ms))}; ` +
    `${opened.length} of them the first request of a new connection` +
    (connects.length ? `, connected after ${span(connects)}` : '')
  );
}

/**
 * The tenths of a second whose answers most often took over 100 ms: a stall shows as a few
 * tenths holding most of them, queueing as many tenths holding a few each.
 */
function slowTimeline(byTenth: Record<number, number>): string {
  const tenths = Object.entries(byTenth).map(([tenth, count]) => ({
    at: Number(tenth) / 10,
    count,
  }));
  const all = tenths.reduce((sum, tenth) => sum + tenth.count, 0);
  if (!all) return 'none';
  const worst = tenths.sort((a, b) => b.count - a.count).slice(0, 8);
  return (
    `${all} in ${tenths.length} tenths of a second; most at ` +
    worst.map(({ at, count }) => `${at.toFixed(1)} s (${count})`).join(', ')
  );
}

const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

// runScript: the servers and the seeded databases go away however the script ends.
runScript(async () => {
  for (const dialect of DATABASES) await benchDatabase(dialect);
  return 0;
});
