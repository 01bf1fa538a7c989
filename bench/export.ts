/**
 * Exports of 100,000 spots (issue 12): each format of the bench user's whole account and
 * account.json, downloaded over HTTP from the server started as `npm run serve` starts it,
 * on a SQLite database seeded by seed-spots.ts. Prints bytes, seconds and the server's
 * peak resident memory during each download, against its RSS before the first one.
 * Usage: npx tsx bench/export.ts   (BENCH_SQLITE_DIR=… reuses a seeded database)
 */
import { execFileSync } from 'node:child_process';
import { copyPlacesIndex } from '../e2e/support/app-server.ts';
import { freePort, startAppProcess } from './app-process.ts';
import { BenchClient } from './bench-client.ts';
import { FULL_SIZE, reopenSqlite, seedSqlite } from './seed-spots.ts';

const size = { ...FULL_SIZE, otherUsers: 2, otherSpots: 1000 };

/** RSS of every process in the server's group, in MB (WORKERS=1: one server process). */
function rssMb(pid: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .reduce((sum, kb) => sum + Number(kb) / 1024, 0);
}

const reuse = process.env.BENCH_SQLITE_DIR;
const seeded = reuse ? reopenSqlite(reuse, size) : await seedSqlite(size);
await seeded.handle.close();
copyPlacesIndex(seeded.dataDir!);
const app = await startAppProcess({ port: await freePort(), dataDir: seeded.dataDir! });
try {
  const client = new BenchClient(app.url);
  const login = await client.call('POST', '/api/user/login/', {
    username_or_email: seeded.username,
    password: seeded.password,
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const idle = rssMb(app.pid);
  console.log(`server RSS before the exports: ${idle.toFixed(0)} MB`);
  for (const path of [
    '/api/exports/spots.geojson',
    '/api/exports/spots.csv',
    '/api/exports/spots.kml',
    '/api/exports/spots.gpx',
    '/api/exports/account.json',
  ]) {
    let peak = rssMb(app.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 100);
    const started = performance.now();
    const response = await fetch(app.url + path, {
      headers: { Cookie: client.cookieHeader(), 'Accept-Encoding': 'identity' },
    });
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${path}: ${response.status}, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s, ` +
        `peak RSS ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB over idle)`,
    );
  }
} finally {
  await app.stop();
  if (!reuse) await seeded.dispose();
}
process.exit(0);
