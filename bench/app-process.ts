import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSharedPlacesIndex } from '../server/test/places-index.ts';
import { onCleanup, signalGroup, spawnGroup } from './child-processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A DATA_DIR holding a copy of the prebuilt place index (the server finds it current and
 * skips the build), removed when the script ends.
 */
export function dataDirWithPlaces(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const index = ensureSharedPlacesIndex();
  copyFileSync(index, path.join(dir, path.basename(index)));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface AppProcess {
  url: string;
  pid: number;
  /** how the process ended, once it has */
  exited: Promise<void>;
  output(): string;
  /** SIGKILL: no shutdown hook, no flush, no goodbye to the database */
  crash(): Promise<void>;
  /** SIGTERM (the server closes cleanly), SIGKILL if it takes more than 5 s */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server started exactly as `npm run serve` starts it (production mode, the serve
 * flags, tsx as loader) on its own port and DATA_DIR; resolves once /api/health answers.
 * Pages need web/dist, the API does not (the server answers pages with a 503 without it).
 */
export async function startAppProcess(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<AppProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  let log = '';
  const child: ChildProcess = spawnGroup(
    process.execPath,
    ['--max-semi-space-size=2', '--import', 'tsx', 'server/src/server.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited at start:\n${log}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server did not become healthy in 60 s:\n${log}`);
    await sleep(100);
  }
  return {
    url,
    pid: child.pid!,
    exited,
    output: () => log,
    async crash() {
      signalGroup(child, 'SIGKILL');
      await exited;
    },
    async stop() {
      signalGroup(child, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      signalGroup(child, 'SIGKILL');
      await exited;
    },
  };
}
