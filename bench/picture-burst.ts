/**
 * What a burst of server-drawn pictures does to the rest of the API (issue 10 §13,
 * decision 010). The real server (as `npm run serve` starts it) holds one list of 120
 * spots all over the world; 20 map pictures no cache holds (10 sizes × 2 themes) are
 * asked for at once, and /api/health is probed every 10 ms from the first drawing until
 * the last picture has arrived (the pictures are fetched from a thread of the bench's
 * own, so handling their answers never delays a probe). Baseline in the same run: the
 * same probes with nothing else going on. Prints p50, p95 and max health latency for
 * both, per round.
 *
 *   npx tsx bench/picture-burst.ts [--rounds 5]
 */
import { Worker } from 'node:worker_threads';
import { dataDirWithPlaces, freePort, startAppProcess } from './app-process.ts';
import { BenchClient } from './bench-client.ts';
import { runScript } from './child-processes.ts';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthLatency(base: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  return performance.now() - started;
}

async function probeWhile(base: string, running: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (running()) {
    latencies.push(await healthLatency(base));
    await sleep(10);
  }
  return latencies;
}

/**
 * The 20 picture requests go out from a thread of their own, so reading their answers
 * never delays this thread's health probes: what the probes measure is the server.
 */
function fetchAllInThread(urls: string[], cookie: string): Promise<number[]> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     Promise.all(workerData.urls.map(async (url) => {
       const response = await fetch(url, { headers: { cookie: workerData.cookie } });
       await response.arrayBuffer();
       return response.status;
     })).then((statuses) => parentPort.postMessage(statuses));`,
    { eval: true, workerData: { urls, cookie } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.floor(sorted.length * q)] ?? NaN).toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms (${ms.length} probes)`;
};

runScript(async () => {
  const app = await startAppProcess({
    port: await freePort(),
    dataDir: dataDirWithPlaces('spotbook-burst-'),
  });
  const user = new BenchClient(app.url);
  await user.call('POST', '/api/user/register/', {
    username: 'painter',
    email: 'painter@example.test',
    password: 'correct horse battery',
  });
  const list = await user.call<{ id: number; slug: string }>('POST', '/api/lists/list/', {
    name: 'Everywhere',
  });
  for (let i = 0; i < 120; i++) {
    const place = await user.call<{ id: string }>('POST', '/api/places/custom/', {
      name: `Pin ${i}`,
      primaryType: 'cafe',
      lat: -50 + ((i * 37) % 110),
      lng: -170 + ((i * 71) % 340),
    });
    await user.call('POST', '/api/reviews/create-place-review/', {
      place: { id: place.body.id },
      review: { review: '', rating: 4, visited: i % 3 === 0 },
      list_id: list.body.id,
    });
  }
  const picture = (width: number, height: number, theme: string) =>
    `/api/lists/list/${list.body.slug}/map.png?width=${width}&height=${height}&theme=${theme}`;
  // The basemap file is built and a drawing thread started before anything is timed.
  if ((await user.read(picture(256, 256, 'light'))).status !== 200) throw new Error('no picture');

  for (let round = 0; round < rounds; round++) {
    const deadline = performance.now() + 1500;
    const idle = await probeWhile(app.url, () => performance.now() < deadline);
    const urls = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((k) =>
      ['light', 'dark'].map((theme) => app.url + picture(1024 + 64 * k, 384 + 64 * round, theme)),
    );
    let done = false;
    const started = performance.now();
    const answers = fetchAllInThread(urls, user.cookieHeader()).finally(() => (done = true));
    const busy = await probeWhile(app.url, () => !done);
    const statuses = await answers;
    const failed = statuses.filter((s) => s !== 200).length;
    console.log(
      `round ${round + 1}: 20 pictures in ${(performance.now() - started).toFixed(0)} ms` +
        `${failed ? ` (${failed} not 200)` : ''}; health idle ${summary(idle)}; during the burst ${summary(busy)}`,
    );
  }
  await app.stop();
  return 0;
});
