/**
 * MEASURES THE CACHED PATH ONLY: one URL asked again and again, so every request but the
 * first is a response-cache hit. For what varied requests and writes cost, run
 * bench/mixed-load.ts (issue 14 §2).
 *
 * Requests per second of GET /api/reviews/review/ (the real app: session, query, response
 * schema) for a signed-in user with 100,000 spots, under 50 concurrent keep-alive
 * connections, against a bare Fastify route returning the same JSON from memory in the
 * same run. Target (issue 4 §5): the app reaches at least 50% of the bare route.
 *
 * The same page is asked for again and again, so after the first request the app answers
 * from its response cache (features/reviews/gallery-cache.ts): per request it still checks
 * the session and reads the user's gallery version from the database, then sends the
 * cached JSON. A page not cached yet (the first one after a write) costs what the whole
 * query path costs, ~1 ms of CPU (docs/decisions/004-gallery-query.md).
 *
 *   npx tsx bench/reviews-throughput.ts
 *   BENCH_SECONDS=5 BENCH_SQLITE_DIR=/tmp/spotbook-bench-xxxx npx tsx bench/reviews-throughput.ts
 */
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { PlacesProvider } from '../server/src/features/places/provider.ts';
import { runLoad, type LoadResult } from './load.ts';
import { reopenSqlite, seedSqlite } from './seed-spots.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 2;

/** The gallery never asks the provider anything; this keeps the index out of the run. */
const noPlaces: PlacesProvider = {
  name: 'embedded',
  searchCities: async () => [],
  searchPlaces: async () => [],
  getPlace: async () => null,
  close: () => {},
};

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .filter((c) => !c.endsWith('='));

async function signIn(base: string, username: string, password: string): Promise<string> {
  const session = await fetch(`${base}/api/user/session/`);
  const csrf = cookiesOf(session).find((c) => c.startsWith('csrftoken='))!;
  const login = await fetch(`${base}/api/user/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: csrf,
      'x-csrftoken': csrf.slice('csrftoken='.length),
    },
    body: JSON.stringify({ username_or_email: username, password }),
  });
  if (login.status !== 200)
    throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return [csrf, ...cookiesOf(login)].join('; ');
}

const reuse = process.env.BENCH_SQLITE_DIR;
const seeded = reuse ? reopenSqlite(reuse) : await seedSqlite();
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: seeded.dataDir!,
  LOG_LEVEL: 'silent',
  EXAMPLE_LISTS: '0',
});
const { app } = await buildApp(config, {
  database: seeded.handle,
  logger: false,
  places: noPlaces,
});
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const cookie = await signIn(appUrl, seeded.username, seeded.password);
const galleryUrl = `${appUrl}/api/reviews/review/`;
const sample = await fetch(galleryUrl, { headers: { cookie } });
const payload = (await sample.json()) as { count: number; results: unknown[] };
if (payload.results.length !== 20) throw new Error('unexpected gallery page');

const bare = Fastify({ logger: false });
bare.get('/bare', async () => payload);
const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/bare`;

const load = (url: string, seconds = SECONDS) =>
  runLoad({ url, headers: { cookie }, connections: CONNECTIONS, seconds });
console.log(
  'The cached path only: the same page every time (response-cache hits). ' +
    'Varied requests and writes: bench/mixed-load.ts.',
);
console.log(
  `GET /api/reviews/review/ (${payload.count} spots, page of 20, ` +
    `${JSON.stringify(payload).length} bytes), ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s each`,
);
await load(galleryUrl, 1);
await load(bareUrl, 1);
const runs: { app: LoadResult[]; bare: LoadResult[] } = { app: [], bare: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternated, so a change in the machine's load hits both sides alike.
  runs.app.push(await load(galleryUrl));
  runs.bare.push(await load(bareUrl));
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const summary = (rs: LoadResult[]) => ({
  rps: mean(rs.map((r) => r.requestsPerSecond)),
  cpu: mean(rs.map((r) => r.serverCpuMs)),
  p50: Math.max(...rs.map((r) => r.p50)),
  p99: Math.max(...rs.map((r) => r.p99)),
  failed: rs.reduce((s, r) => s + r.failed, 0),
});
const [a, b] = [summary(runs.app), summary(runs.bare)];
const line = (name: string, s: typeof a) =>
  `${name.padEnd(26)} ${s.rps.toFixed(0).padStart(6)} req/s  server CPU ${s.cpu.toFixed(3)} ms/req` +
  `  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  failed ${s.failed}`;
console.log(line('app, cached page', a));
console.log(line('bare Fastify, same JSON', b));
console.log(
  `ratio app / bare: ${((a.rps / b.rps) * 100).toFixed(0)}% of the requests/s (target ≥ 50%)`,
);
// On a busy machine req/s swing with the neighbours; CPU per request is the server's own cost.
console.log(`ratio by server CPU per request (bare / app): ${((b.cpu / a.cpu) * 100).toFixed(0)}%`);

await bare.close();
await app.close();
await seeded.dispose();
