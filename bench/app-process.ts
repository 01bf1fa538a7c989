import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  copyPlacesIndex,
  freePort,
  serveCommand,
  untilHealthy,
} from '../e2e/support/app-server.ts';
import { buildServer } from '../server/scripts/build.ts';
import { onCleanup, signalGroup, spawnGroup } from './child-processes.ts';

export { freePort };

/**
 * A DATA_DIR holding a copy of the prebuilt place index (the server finds it current and
 * skips the build), removed when the script ends.
 */
export function dataDirWithPlaces(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  copyPlacesIndex(dir);
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

let built: Promise<void> | undefined;
/** server/dist compiled from the sources as they are now, once per bench run. */
export const serverBuilt = () => (built ??= buildServer());

/**
 * The server built and started exactly as `npm start` does (e2e's serveCommand), in its own
 * process group so a SIGKILL reaches all of it; resolves once /api/health answers.
 * Pages need web/dist, the API does not (the server answers pages with a 503 without it).
 */
export async function startAppProcess(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<AppProcess> {
  await serverBuilt();
  const {
    url,
    args,
    options: spawnOptions,
  } = serveCommand(options.port, options.dataDir, options.env);
  const child: ChildProcess = spawnGroup(process.execPath, args, spawnOptions);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = await untilHealthy(child, url, 60_000);
  return {
    url,
    pid: child.pid!,
    exited,
    output: log,
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
