/**
 * Scale-out (issue 10): two app servers (child processes started as `npm run serve`
 * starts them) on one PostgreSQL database with one SESSION_SECRET, behind nginx. 8
 * signed-in users read (gallery, a list, their lists) and write (create list, create
 * spot, edit spot) through nginx; mid-run one server gets SIGKILL and later comes back.
 * Then, through nginx: every user must still be signed in and every acknowledged write
 * must read back. Errors clients saw are counted by kind; only a write that was in
 * flight on the killed server and never acknowledged may fail (nginx does not resend a
 * POST that may have been acted on). Exits 1 on a lost session or write, or an error on
 * a read or an edit (those fail over).
 *
 *   npx tsx bench/scale-out.ts
 *   SCALE_SECONDS=20 SCALE_SEED=7 npx tsx bench/scale-out.ts
 */
import { randomBytes } from 'node:crypto';
import { dataDirWithPlaces, freePort, startAppProcess, type AppProcess } from './app-process.ts';
import { onCleanup, runScript } from './child-processes.ts';
import { postgresProbe } from './database-probe.ts';
import { startNginx } from './nginx-proxy.ts';
import { random } from './spot-data.ts';
import {
  checkUnanswered,
  embeddedPlaceIds,
  signedInUsers,
  verifyUser,
  Workload,
  type Attempt,
} from './spot-workload.ts';
import { createDatabase, dropDatabase, runDatabaseName } from '../server/test/postgres.ts';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 30);
const SEED = Number(process.env.SCALE_SEED ?? Math.floor(Math.random() * 1e9));
const USERS = 8;
/** Each user waits up to this long between requests, as people do (and so the 2-core
 * bench machine still has room to restart the killed server). */
const THINK_MS = 50;
const KILL_AT_MS = SECONDS * 1000 * 0.3;
const RESTART_AT_MS = SECONDS * 1000 * 0.45;
/**
 * Writes that may fail: sent to the killed server, which may have acted on them. The
 * kernel keeps accepting connections for the dying process while it tears down its
 * memory (~100 ms), so a write may meet it even after the SIGKILL was sent.
 */
const NOT_RESENT = new Set(['create list', 'create place', 'create spot']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const show = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

runScript(async () => {
  // Bounded whatever happens: a hung start or read ends the run (as a failure).
  setTimeout(() => {
    console.error('gave up after 5 min');
    process.kill(process.pid, 'SIGTERM');
  }, 5 * 60_000).unref();
  console.log(`scale-out: seed ${SEED}, ${USERS} users, ${SECONDS} s`);
  const database = runDatabaseName('spotbook_scale');
  const databaseUrl = await createDatabase(database);
  onCleanup(() => dropDatabase(database));

  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(48).toString('base64'),
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: '1',
  };
  const dirA = dataDirWithPlaces('spotbook-scale-a-');
  const dirB = dataDirWithPlaces('spotbook-scale-b-');
  const startA = () => startAppProcess({ port: portA, dataDir: dirA, env });
  // Started together: the migration lock lets only one of them migrate.
  const [firstA, serverB] = await Promise.all([
    startA(),
    startAppProcess({ port: portB, dataDir: dirB, env }),
  ]);
  let serverA: AppProcess = firstA;
  // Connections to the servers kept open, as the README's nginx example keeps them.
  const proxy = await startNginx(proxyPort, [portA, portB], { keepalive: 32 });
  const upstreamName = (addr: string) =>
    addr
      .split(/,\s*/)
      .map((a) => (a.endsWith(`:${portA}`) ? 'A' : a.endsWith(`:${portB}`) ? 'B' : a))
      .join('→');
  console.log(`nginx ${proxyUrl} → A 127.0.0.1:${portA}, B 127.0.0.1:${portB}`);

  const users = await signedInUsers(proxyUrl, `scale${SEED}u`, USERS);
  const pool = await embeddedPlaceIds(users[0]!.client);
  const workload = new Workload(users, random(SEED), pool, 'x-upstream');
  const startedAt = Date.now();
  const running = workload.run(
    [
      [3, (u) => workload.galleryRead(u)],
      [3, (u) => workload.listRead(u)],
      [1, (u) => workload.listsPageRead(u)],
      [1, (u) => workload.createList(u)],
      [2, (u) => workload.createSpot(u)],
      [2, (u) => workload.editSpot(u)],
    ],
    () => Date.now() - startedAt > SECONDS * 1000,
    THINK_MS,
  );

  await sleep(KILL_AT_MS);
  const killedAt = Date.now();
  const inFlightAtKill = workload.inFlight;
  await serverA.crash();
  console.log(
    `A killed (SIGKILL) at ${seconds(killedAt - startedAt)}, ${inFlightAtKill} requests in flight`,
  );
  await sleep(RESTART_AT_MS - (Date.now() - startedAt));
  const restartAt = Date.now();
  serverA = await startA();
  const backAt = Date.now();
  console.log(
    `A restarted at ${seconds(restartAt - startedAt)}, healthy ${seconds(backAt - restartAt)} later`,
  );
  await running;
  const endedAt = Date.now();

  // Every user still signed in, every acknowledged write there: read through nginx.
  const probe = await postgresProbe(databaseUrl);
  let acked = 0;
  let found = 0;
  let committedUnanswered = 0;
  let signedIn = 0;
  const problems: string[] = [];
  for (const user of users) {
    const check = await verifyUser(user, probe);
    const unanswered = await checkUnanswered(user, probe);
    acked += check.acked;
    found += check.found;
    committedUnanswered += unanswered.committed;
    if (!check.problems.some((p) => p.includes('signed out'))) signedIn++;
    problems.push(...check.problems, ...unanswered.broken);
  }
  await probe.close();

  const attempts = workload.attempts;
  const errors = attempts.filter((a) => a.result !== 'ok');
  const onKilledServer = (a: Attempt) => upstreamName(a.upstream) === 'A' && a.endedAt >= killedAt;
  const unexpected = errors.filter((a) => !NOT_RESENT.has(a.op) || !onKilledServer(a));
  const sinceKill = (a: Attempt) => a.endedAt - killedAt;
  const phase = (a: Attempt) =>
    a.startedAt < killedAt ? 'before kill' : a.startedAt < backAt ? 'A down' : 'A back';
  const retried = attempts.filter((a) => a.upstream.includes(','));
  const spanning = attempts.filter((a) => a.startedAt <= killedAt && a.endedAt >= killedAt);

  console.log(
    `\nrequests: ${attempts.length} in ${seconds(endedAt - startedAt)} (${show(countBy(attempts, (a) => a.op))})`,
  );
  for (const name of ['before kill', 'A down', 'A back']) {
    const inPhase = attempts.filter((a) => phase(a) === name);
    const served = inPhase.filter((a) => a.result === 'ok');
    const by = show(countBy(served, (a) => upstreamName(a.upstream) || '-'));
    console.log(
      `  ${name.padEnd(11)} ${String(inPhase.length).padStart(5)} requests, ` +
        `${served.length} served (by ${by}), ${inPhase.length - served.length} failed`,
    );
  }
  console.log(
    `failed over by nginx (met the dead server, served by the other, A→B): ${retried.length}`,
  );
  console.log(
    `errors clients saw: ${errors.length} (${show(countBy(errors, (a) => `${a.op}: ${a.result}`))})`,
  );
  if (errors.length) {
    const ends = errors.map(sinceKill);
    console.log(
      `failover window: errors answered from ${Math.min(...ends)} ms to ${Math.max(...ends)} ms after the kill; ` +
        `requests spanning the kill: ${spanning.length}, slowest ${Math.max(0, ...spanning.map((a) => a.endedAt - a.startedAt))} ms`,
    );
  } else {
    console.log(
      `failover window: no client saw an error; requests spanning the kill: ${spanning.length}`,
    );
  }
  console.log(`unanswered spot creates committed anyway: ${committedUnanswered} (each whole)`);
  console.log(`sessions: ${signedIn}/${USERS} users still signed in through nginx`);
  console.log(`acknowledged writes checked: ${found}/${acked} found`);
  for (const problem of problems) console.log(`  LOST: ${problem}`);
  for (const a of unexpected) {
    console.log(
      `  UNEXPECTED ERROR: ${a.op} by ${a.user} → ${a.result} at ${sinceKill(a)} ms after the kill`,
    );
  }
  const log = proxy.errorLog().trim().split('\n').filter(Boolean);
  console.log(`nginx error log: ${log.length} line(s)${log.length ? `, last: ${log.at(-1)}` : ''}`);

  await proxy.stop();
  await Promise.all([serverA.stop(), serverB.stop()]);
  const ok = !problems.length && found === acked && signedIn === USERS && !unexpected.length;
  console.log(`scale-out → ${ok ? 'PASS' : 'FAIL'}`);
  return ok ? 0 : 1;
});
