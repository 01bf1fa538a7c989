/**
 * What the app does while another process holds SQLite's write lock (decision 023,
 * session 14: "The write lock waited for off the event loop"). Each round, a process
 * standing for another worker (or its long import) takes the lock for `--hold-ms`; the app
 * (one worker) is then asked to create a spot (a transaction), and in a second hold to sign
 * in (single statements outside a transaction: the attempt counted, the session stored),
 * each of which must wait for the lock, while the same person's session is read every
 * 10 ms beside it. Prints the reads' latencies while the write waits, and the write's own
 * time.
 *
 *   npx tsx bench/write-lock-wait.ts [--rounds 5] [--hold-ms 1000]
 */
import { spawn } from 'node:child_process';
import { sqliteFile } from '../server/src/db/connection.ts';
import { dataDirWithPlaces, freePort, startAppProcess } from './app-process.ts';
import { BenchClient } from './bench-client.ts';
import { runScript } from './child-processes.ts';

const args = process.argv.slice(2);
const numberOption = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const ROUNDS = numberOption('--rounds', 5);
const HOLD_MS = numberOption('--hold-ms', 1000);

/** Another process takes the write lock of `file` and keeps it `ms`; resolves once taken. */
function holdWriteLock(file: string, ms: number): Promise<void> {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.exec('begin immediate');
       process.stdout.write('held\\n');
       setTimeout(() => { db.exec('commit'); db.close(); }, Number(process.argv[2]));`,
      file,
      String(ms),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    holder.stdout.once('data', () => resolve());
    holder.once('exit', (code) => code && reject(new Error(`lock holder exited ${code}`)));
  });
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.floor((sorted.length - 1) * q)] ?? NaN).toFixed(1);
  return `p50 ${at(0.5)} ms, max ${at(1)} ms (${ms.length} reads)`;
};

/** Runs `write` while `person` reads their session every 10 ms; says how both went. */
async function whileWriteWaits(
  person: BenchClient,
  write: () => Promise<{ status: number }>,
): Promise<string> {
  const started = performance.now();
  let written: number | undefined;
  let done = false;
  const writing = write()
    .then((answer) => {
      if (answer.status >= 300) throw new Error(`the write answered ${answer.status}`);
      written = performance.now() - started;
    })
    .finally(() => (done = true));
  const reads: number[] = [];
  while (!done) {
    const asked = performance.now();
    const answer = await person.call('GET', '/api/user/session/');
    if (answer.status !== 200) throw new Error(`the session answered ${answer.status}`);
    reads.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await writing;
  return `took ${written!.toFixed(0)} ms, reads meanwhile ${summary(reads)}`;
}

runScript(async () => {
  const dataDir = dataDirWithPlaces('spotbook-lock-');
  const app = await startAppProcess({ port: await freePort(), dataDir, env: { WORKERS: '1' } });
  const person = new BenchClient(app.url);
  await person.call('POST', '/api/user/register/', {
    username: 'waiter',
    email: 'waiter@example.test',
    password: 'correct horse battery',
  });
  const places: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const place = await person.call<{ id: string }>('POST', '/api/places/custom/', {
      name: `Corner ${i}`,
      primaryType: 'cafe',
      lat: 48.85 + i / 100,
      lng: 2.35,
    });
    places.push(place.body.id);
  }
  console.log(`each round: another process holds the write lock ${HOLD_MS} ms, twice`);
  const file = sqliteFile(dataDir);
  for (const [round, id] of places.entries()) {
    await holdWriteLock(file, HOLD_MS);
    const spot = await whileWriteWaits(person, () =>
      person.call('POST', '/api/reviews/create-place-review/', {
        place: { id },
        review: { review: 'Waited for the lock', rating: 4, visited: true },
      }),
    );
    await holdWriteLock(file, HOLD_MS);
    const signIn = await whileWriteWaits(person, () =>
      new BenchClient(app.url).call('POST', '/api/user/login/', {
        username_or_email: 'waiter',
        password: 'correct horse battery',
      }),
    );
    console.log(`round ${round + 1}: a new spot ${spot}; a sign-in ${signIn}`);
  }
  return 0;
});
