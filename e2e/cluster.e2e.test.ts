import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshSchemaUrl } from '../server/test/postgres.ts';
import { ApiClient } from './support/api-client.ts';
import { copyPlacesIndex, freePort, serveCommand, untilHealthy } from './support/app-server.ts';
import { seedSpots } from './support/spots-seed.ts';
import { childPids, commandLine } from './support/processes.ts';
import { DIALECTS } from './support/stack.ts';

/** The server's worker processes: its children running the server (not the preparation). */
const workerPids = (primary: number) =>
  childPids(primary).filter((pid) =>
    commandLine(pid).some((argument) => argument.endsWith('server/dist/server.js')),
  );

/** Which of the app's native libraries a process has mapped (loaded). */
function nativeLibraries(pid: number) {
  const maps = readFileSync(`/proc/${pid}/maps`, 'utf8');
  return ['better_sqlite3', 'sharp'].filter((name) => maps.includes(name));
}

/** GET /api/health on a connection of its own (the primary hands each to a worker). */
const healthOnNewConnection = (url: string) =>
  new Promise<number>((resolve) => {
    http
      .get(`${url}/api/health`, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0))
      .setTimeout(1000, function (this: http.ClientRequest) {
        this.destroy();
      });
  });

/** The pids of the workers that have answered a request, from their request logs. */
const pidsInLog = (log: string) =>
  new Set(
    log
      .split('\n')
      .filter((line) => line.includes('"request completed"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `npm run serve` as it runs by default on this machine: one worker process per core
 * (WORKERS unset), sharing the port and the database.
 */
describe.each(DIALECTS)('the server with one worker per core on %s', (dialect) => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;
  let log: () => string;
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-cluster-'));
    copyPlacesIndex(dataDir);
    const databaseUrl =
      dialect === 'postgres' ? await freshSchemaUrl(inject('e2ePostgresUrl')) : undefined;
    const command = serveCommand(await freePort(), dataDir, {
      WORKERS: '', // empty counts as unset: the default, one per core
      LOG_LEVEL: 'info', // request logs carry the pid of the worker that answered
      EXAMPLE_LISTS: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    url = command.url;
    child = spawn(process.execPath, command.args, command.options);
    log = await untilHealthy(child, url, 90_000);
  });
  afterAll(async () => {
    if (child && !exited()) {
      child.kill('SIGKILL');
      for (const pid of workerPids(child.pid!)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares the work and the data between the workers and replaces one that dies', async () => {
    const workers = await until(() => {
      const pids = workerPids(child.pid!);
      return pids.length === os.availableParallelism() ? pids : undefined;
    }, 'one worker per core');
    // A worker answers once it listens: new connections until every one has answered.
    await until(async () => {
      await healthOnNewConnection(url);
      return pidsInLog(log()).size === workers.length ? true : undefined;
    }, 'every worker listening');

    // Writes from many connections at once land on both workers and both see them all.
    const api = new ApiClient(url);
    await api.register({
      username: `cluster_${dialect}`,
      email: `cluster.${dialect}@example.test`,
      password: 'cluster password',
    });
    const spots = await seedSpots(api, 40);
    const gallery = await api.get<{ count: number }>('/api/reviews/review/?limit=1');
    expect(gallery.count).toBe(spots.length);
    const examples = await api.get<{ results: { slug: string }[] }>('/api/lists/examples/');
    const slugs = examples.results.map((list) => list.slug);
    expect(slugs.length).toBeGreaterThan(0);
    expect(new Set(slugs).size, 'the example lists are created once, not per worker').toBe(
      slugs.length,
    );
    expect([...pidsInLog(log())].sort()).toEqual([...workers].sort());
    // The primary prepared DATA_DIR in a process of its own: it never loaded the app, whose
    // database drivers and image libraries every worker has.
    expect(nativeLibraries(workers[0]!)).toEqual(['better_sqlite3', 'sharp']);
    expect(nativeLibraries(child.pid!)).toEqual([]);

    // A worker that dies is replaced; the server keeps answering meanwhile.
    // (Connections the dead worker held are lost with it; new ones go to the living.)
    process.kill(workers[0]!, 'SIGKILL');
    await until(
      async () => ((await healthOnNewConnection(url)) === 200 ? true : undefined),
      'an answer while a worker is replaced',
      10_000,
    );
    const replaced = await until(() => {
      const pids = workerPids(child.pid!);
      return pids.length === workers.length && !pids.includes(workers[0]!) ? pids : undefined;
    }, 'a replacement worker');
    expect(replaced).toContain(workers[1]);
    await until(() => (log().includes('starting another') ? true : undefined), 'the log line');

    // SIGTERM stops the workers, then the primary.
    child.kill('SIGTERM');
    await until(() => (exited() ? true : undefined), 'the primary to exit');
    expect(child.exitCode).toBe(0);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('a cluster whose DATA_DIR cannot be prepared', () => {
  it('says so and exits without starting workers', async () => {
    const notADirectory = path.join(mkdtempSync(path.join(os.tmpdir(), 'spotbook-cluster-')), 'f');
    writeFileSync(notADirectory, 'a file where DATA_DIR should be a directory');
    const command = serveCommand(await freePort(), notADirectory, { WORKERS: '2' });
    const child = spawn(process.execPath, command.args, command.options);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    rmSync(path.dirname(notADirectory), { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toMatch(/preparing DATA_DIR failed \(code 1\); not starting the workers/);
    expect(output).not.toContain('workers started');
  });
});
