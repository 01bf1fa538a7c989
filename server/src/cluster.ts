import { fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { moduleBeside } from './lib/module-beside.ts';

/** A worker that dies this soon after starting counts towards a crash loop. */
const EARLY_EXIT_MS = 10_000;
/** Early deaths in a row after which the primary gives up instead of respawning forever. */
const MAX_EARLY_EXITS = 5;

const log = (message: string) => console.log(`[spotbook primary ${process.pid}] ${message}`);

/**
 * Runs prepare-data-dir.ts (what every worker needs done once, before any starts) in a
 * process of its own, with this process's node flags and environment. Built here, the app
 * would stay in this process's memory after closing: its modules and what it allocated,
 * 133 MB resident on 2026-11-29, in a process that serves nothing.
 */
async function prepareDataDir() {
  const script = fileURLToPath(moduleBeside('./prepare-data-dir', import.meta.url));
  const [code, signal] = (await once(fork(script), 'exit')) as [number | null, string | null];
  if (code !== 0) {
    log(`preparing DATA_DIR failed (${signal ?? `code ${code}`}); not starting the workers`);
    process.exit(1);
  }
}

/**
 * Node's cluster module: `config.WORKERS` processes run the whole app and share the port
 * (the primary hands out connections). Every worker is stateless over the one database
 * (sessions, rate limits and cache versions live in it), as several app servers are in
 * the PostgreSQL scale-out mode; on SQLite they share the file in WAL mode, writes taking
 * turns under the busy timeout (docs/decisions/023-workers-and-mixed-load.md). A worker
 * that dies is replaced; SIGTERM/SIGINT stop the workers gracefully, then the primary.
 */
export async function runPrimary(config: Config) {
  const started = Date.now();
  await prepareDataDir();
  let stopping = false;
  let earlyExits = 0;
  const startedAt = new Map<Worker, number>();

  const forkWorker = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    if (earlyExits >= MAX_EARLY_EXITS) {
      log(`workers keep exiting at start (last: ${signal ?? `code ${code}`}); giving up`);
      process.exit(1);
    }
    log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    forkWorker();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      if (startedAt.size === 0) process.exit(0);
      for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
      // A worker stuck in shutdown must not keep the primary alive forever.
      setTimeout(() => process.exit(1), 10_000).unref();
    });
  }
  for (let i = 0; i < config.WORKERS; i++) forkWorker();
  log(`${config.WORKERS} workers started (${Date.now() - started} ms of preparation)`);
}

export const isClusterPrimary = (config: Config) => config.WORKERS > 1 && cluster.isPrimary;
