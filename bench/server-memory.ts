/**
 * Resident memory of the server at idle with the place index loaded, started the way
 * `npm run serve` starts it, after a little of everything (sign-up, place searches, a
 * gallery page, the map style and tiles, two map pictures, the web page). Prints RSS for the serve flags and, as a
 * baseline in the same run, for plain `node` without them.
 * Usage: npx tsx bench/server-memory.ts
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSharedPlacesIndex } from '../server/test/places-index.ts';
import { ApiClient } from '../e2e/support/api-client.ts';
import { processMemoryMb } from './proc-status.ts';

const PORT = 3417;
const base = `http://127.0.0.1:${PORT}`;

async function measure(flags: string[]): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-mem-'));
  const index = ensureSharedPlacesIndex();
  copyFileSync(index, path.join(dataDir, path.basename(index)));
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EXAMPLE_LISTS: '0',
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
    await new Promise((r) => setTimeout(r, 15_000)); // idle
    return processMemoryMb(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serveFlags = ['--max-semi-space-size=2'];
const served = await measure(serveFlags);
const plain = await measure([]);
console.log(
  `idle RSS, npm run serve flags (${serveFlags.join(' ')}): ${served.toFixed(0)} MB (target < 150 MB)`,
);
console.log(`idle RSS, plain node (baseline):            ${plain.toFixed(0)} MB`);
