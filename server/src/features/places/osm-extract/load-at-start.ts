import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { nodeArgumentsFor } from '../../../lib/module-beside.ts';

/** A lock older than this belongs to a loader that died: a country takes minutes, not hours. */
const STALE_LOCK_MS = 6 * 3_600_000;

/**
 * PLACES_EXTRACTS: the listed files that are new or changed since they were loaded
 * (name, size and modification time, as recorded in the index) are loaded by
 * `places:load` in a child process while the server already answers from the index
 * it has; searches switch to the new file when the child renames it into place. One
 * lock file in DATA_DIR keeps several server processes (WORKERS) from loading twice.
 */
export function loadExtractsInBackground(
  dataDir: string,
  files: string[],
  { indexFile, log = console.log }: { indexFile: string; log?: (message: string) => void },
): { stop(): void; done: Promise<number | null> } {
  const stale = files.filter((file) => !isLoaded(indexFile, file));
  if (!stale.length) return { stop() {}, done: Promise.resolve(0) };
  const lock = path.join(dataDir, 'places-extracts.lock');
  if (!takeLock(lock)) {
    log('places extracts: another server process is loading them');
    return { stop() {}, done: Promise.resolve(null) };
  }
  log(`places extracts: loading ${stale.join(', ')} in the background`);
  const cli = nodeArgumentsFor('./load-cli', import.meta.url);
  const child: ChildProcess = spawn(process.execPath, [...cli, ...stale], {
    env: { ...process.env, DATA_DIR: dataDir, PLACES_EXTRACTS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const done = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      rmSync(lock, { force: true });
      const lines = output
        .trim()
        .split('\n')
        .filter((l) => !l.includes('|'))
        .slice(-4);
      log(
        `places extracts: ${code === 0 ? 'loaded' : `failed (exit ${code})`}: ${lines.join(' / ')}`,
      );
      resolve(code);
    });
  });
  return {
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
    done,
  };
}

function isLoaded(indexFile: string, file: string): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return false; // the loader then says the file is missing
  try {
    const db = new Database(indexFile, { readonly: true, fileMustExist: true });
    try {
      const row = db
        .prepare('SELECT size, mtime_ms FROM extracts WHERE source = ?')
        .get(path.basename(file)) as { size: number; mtime_ms: number } | undefined;
      return row?.size === stat.size && row.mtime_ms === Math.round(stat.mtimeMs);
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}

function takeLock(lock: string): boolean {
  const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
  if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch {
    return false;
  }
}
