/**
 * Resident memory of the server at idle with the place index loaded, started the way
 * `npm run serve` starts it (one worker per core: each process is printed, the primary
 * that prepared DATA_DIR and each worker that serves), twice:
 * - after a little of everything (sign-up, place searches, a gallery page, the map style and
 *   tiles, two map pictures, the web page), 20 s idle;
 * - after a load (50 connections asking for place searches, gallery pages and metadata for
 *   20 s, which grows V8's young generation as far as the flags let it), 20 s idle.
 * For the serve flags (16 MB semi-spaces, given back after 10 s idle: server/src/lib/
 * idle-heap-shrink.ts) and, as baselines in the same run, 2 MB semi-spaces (the serve
 * flags until 2026-12-07) and plain `node` (V8's default, without one malloc arena).
 * Usage: npx tsx bench/server-memory.ts [--idle-seconds 20] [--runs serve,semi-2,plain]
 *   (330 waits out the picture thread's 60 s and the list build thread's 5 minutes;
 *   the default 20 s outlasts the 10–15 s a worker waits to give its young generation back;
 *   --runs picks of serve, tsx, semi-2, semi-4, semi-8 and plain, the default shown;
 *   tsx runs the sources as `npm run serve` did before decision 027)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyPlacesIndex, serveCommand } from '../e2e/support/app-server.ts';
import { ApiClient } from '../e2e/support/api-client.ts';
import { childPids } from '../e2e/support/processes.ts';
import { serverBuilt } from './app-process.ts';
import { processMemoryMb } from './proc-status.ts';

/**
 * RSS of the server's processes, the one started, then the workers it forked, each with
 * its own part in parentheses (RssAnon: the rest is mapped files, shared between them).
 */
const rssLine = (pid: number) =>
  [pid, ...childPids(pid)]
    .map((p) => `${mb(processMemoryMb(p))} (${mb(processMemoryMb(p, 'RssAnon'))})`)
    .join(' + ') + ' MB';
const mb = (value: number) => value.toFixed(0);

/** 50 connections asking for what people ask most for `ms`: place searches, pages, metadata. */
async function load(client: ApiClient, ms: number) {
  const paths = [
    '/api/places/search/?query=museum&kind=place&lat=48.8566&lng=2.3522',
    '/api/places/search/?query=par&kind=city',
    '/api/reviews/review/?offset=0&limit=20&sortBy=newest&visited=both',
    '/api/reviews/review/metadata/',
  ];
  const until = Date.now() + ms;
  let answered = 0;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      for (let k = i; Date.now() < until; k++) {
        await client.get(paths[k % paths.length]!);
        answered++;
      }
    }),
  );
  return answered;
}

const fail = (message: string): never => {
  throw new Error(message);
};
const idleArg = process.argv.indexOf('--idle-seconds');
const IDLE_MS = 1000 * (idleArg >= 0 ? Number(process.argv[idleArg + 1]) : 20);
const PORT = 3417;
const base = `http://127.0.0.1:${PORT}`;

async function measure(
  nodeArgs: string[],
  env: Record<string, string>,
): Promise<{ idle: string; afterLoad: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-mem-'));
  copyPlacesIndex(dataDir);
  const child = spawn(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EXAMPLE_LISTS: '0',
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const client = new ApiClient(base);
    const username = `mem${Date.now()}`;
    await client.register({
      username,
      email: `${username}@example.test`,
      password: 'memory test password',
    });
    const found: string[] = [];
    for (const q of ['pari', 'tokyo', 'new york', 'sao paulo', 'london', 'museum']) {
      const { results } = await client.get<{ results: { id: string }[] }>(
        `/api/places/search/?query=${encodeURIComponent(q)}&kind=city`,
      );
      found.push(results[0]!.id);
    }
    await client.get('/api/places/search/?query=museum&kind=place&lat=48.8566&lng=2.3522');
    await client.get('/api/reviews/review/');
    // The style, then the tiles a world map and a map of Paris ask for (waits for the cut).
    await fetch(`${base}/api/map/style.json`);
    for (const tile of ['0/0/0', '1/0/0', '1/1/0', '1/0/1', '1/1/1', '6/32/22', '6/32/23']) {
      await fetch(`${base}/api/map/tiles/${tile}.pbf`, { headers: { 'accept-encoding': 'gzip' } });
    }
    // Map pictures of a world view and a city view: both resolutions of the coastlines.
    for (const [name, places] of [
      ['World', found.slice(1, 3)],
      ['Paris', found.slice(0, 1)],
    ] as const) {
      const list = await client.post<{ id: number }>('/api/lists/list/', { name });
      for (const id of places) {
        await client.post('/api/reviews/create-place-review/', {
          place: { id },
          review: { review: '', rating: 0, visited: false },
          list_id: list.id,
        });
      }
      await client.get(`/api/lists/list/${list.id}/map.png?width=1150&height=403`);
    }
    await fetch(`${base}/`);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = rssLine(child.pid!);
    const answered = await load(client, 20_000);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { idle, afterLoad: `${rssLine(child.pid!)} (${(answered / 20).toFixed(0)} req/s)` };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// What `npm run serve` gives node by default (serveCommand, which a test holds to it): its
// flags, the compiled server (server/dist), and one malloc arena, not one per thread.
const served = serveCommand(PORT, '');
const serveFlags = served.args.slice(0, -1);
const compiled = served.args.at(-1)!;
const serveEnv = { MALLOC_ARENA_MAX: served.options.env.MALLOC_ARENA_MAX };
const semiSpaces = (mb: number): Run => [
  `--max-semi-space-size=${mb}`,
  [`--max-semi-space-size=${mb}`, compiled],
  serveEnv,
];
type Run = [name: string, nodeArgs: string[], env: Record<string, string>];
const RUNS: Record<string, Run> = {
  serve: [`npm run serve (${serveFlags.join(' ')})`, served.args, serveEnv],
  tsx: [
    'the same, the sources through tsx (before decision 027)',
    [...serveFlags, '--import', 'tsx', 'server/src/server.ts'],
    serveEnv,
  ],
  'semi-2': semiSpaces(2),
  'semi-4': semiSpaces(4),
  'semi-8': semiSpaces(8),
  plain: ['plain node (baseline)', [compiled], {}],
};
const runsArg = process.argv.indexOf('--runs');
const runs = (runsArg >= 0 ? process.argv[runsArg + 1]! : 'serve,semi-2,plain')
  .split(',')
  .map((name) => RUNS[name] ?? fail(`--runs: no run "${name}" (${Object.keys(RUNS).join(', ')})`));
console.log(
  `RSS of each server process ${IDLE_MS / 1000} s idle (the primary first; target < 150 MB each):`,
);
await serverBuilt();
for (const [name, nodeArgs, env] of runs) {
  const { idle, afterLoad } = await measure(nodeArgs, env);
  console.log(`  ${name.padEnd(50)} ${idle}; after a load: ${afterLoad}`);
}
