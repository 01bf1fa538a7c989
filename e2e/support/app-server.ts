import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyBasemap, type PrebuiltBasemap } from '../../server/test/basemap.ts';
import { ensureSharedPlacesIndex } from '../../server/test/places-index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export interface RunningApp {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Copies the prebuilt place index into a DATA_DIR: the server finds it current, no build. */
export function copyPlacesIndex(dataDir: string): void {
  const index = ensureSharedPlacesIndex();
  copyFileSync(index, path.join(dataDir, path.basename(index)));
}

/**
 * A DATA_DIR's prebuilt files: the place index and, when given, the basemap (else the
 * server cuts its tiles on its first map request, as a fresh deployment does).
 */
export function prepareDataDir(dataDir: string, basemap?: PrebuiltBasemap): void {
  copyPlacesIndex(dataDir);
  if (basemap) copyBasemap(basemap, dataDir);
}

/**
 * How `npm run serve` starts the server with its defaults: the command, its flags and its
 * environment (serve-command.e2e.test.ts holds the two together).
 */
export function serveCommand(port: number, dataDir: string, env: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    // As the serve script: SEMI_SPACE_MB sizes V8's young generation (decision 009).
    args: [`--max-semi-space-size=${env.SEMI_SPACE_MB ?? '16'}`, 'server/dist/server.js'],
    options: {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        // As the serve script: one malloc arena keeps photo processing's peak low (decision 021).
        MALLOC_ARENA_MAX: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // One process per test server keeps the suites light on this 2-core machine;
        // cluster.e2e.test.ts runs the default (one worker per core).
        WORKERS: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
    },
  };
}

/** Collects a child's output, then waits until /api/health answers (or the child dies). */
export async function untilHealthy(child: ChildProcess, url: string, timeoutMs: number) {
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited at start:\n${log}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return () => log;
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the server exactly as `npm run serve` (what `npm start` ends with) does:
 * production mode, the built web app, its own DATA_DIR; waits for /api/health.
 */
export async function startApp(
  env: Record<string, string> = {},
  { basemap }: { basemap?: PrebuiltBasemap } = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-e2e-'));
  prepareDataDir(dataDir, basemap);
  const { url, args, options } = serveCommand(await freePort(), dataDir, env);
  const child: ChildProcess = spawn(process.execPath, args, options);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const log = await untilHealthy(child, url, 90_000);
  return {
    url,
    dataDir,
    output: log,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
