import { stat } from 'node:fs/promises';
import { OnDemandPool } from '../lib/on-demand-pool.ts';

/**
 * The WAL size, in pages, at which a commit checkpoints on the event loop after all: only
 * if the checkpoint thread has not kept up (or could not start). 10,000 pages is ~40 MB of
 * WAL; the thread checkpoints every second while there are writes, which the people mix's
 * ~80 writes a second keep to a few hundred pages.
 */
export const EVENT_LOOP_CHECKPOINT_PAGES = 10_000;

/** What a checkpoint reports (SQLite's `PRAGMA wal_checkpoint` row). */
export interface CheckpointResult {
  busy: number;
  /** frames in the WAL */
  log: number;
  /** frames of them now in the database file */
  checkpointed: number;
}

export interface WalCheckpoints {
  /** Resolves once a checkpoint that began after this call has run (tests, shutdown). */
  checkpointNow(): Promise<CheckpointResult | undefined>;
  close(): Promise<void>;
}

/**
 * SQLite checkpoints the WAL (copies its pages into the database file and syncs both
 * files) in the commit that takes the WAL past `wal_autocheckpoint` pages, 1,000 by
 * default. That is on the event loop: in the people mix a checkpoint every ~30 writes held
 * every request of the worker for 8-17 ms, three quarters of the time all commits took
 * (decision 023, "Checkpoints in a thread").
 *
 * Here a thread with its own connection checkpoints instead, PASSIVE (it never waits for,
 * nor blocks, a reader or a writer), once a second while the WAL file changes;
 * `connection.ts` raises the commits' own threshold to EVENT_LOOP_CHECKPOINT_PAGES as the
 * backstop. The WAL's modification time says whether anyone wrote, in this process or
 * another; every app process checkpoints, and a checkpoint that finds another running
 * copies nothing. The thread ends when writes stop for `idleMs`: a server at rest keeps
 * none (~10 MB of RSS while it lives; decision 009's idle memory), and one starts in ~50 ms.
 */
export function checkpointsInThread(
  databaseFile: string,
  { everyMs = 1000, idleMs = 10_000 }: { everyMs?: number; idleMs?: number } = {},
): WalCheckpoints {
  const pool = new OnDemandPool<'checkpoint', CheckpointResult>({
    worker: new URL('./wal-checkpoint-worker.mjs', import.meta.url),
    workerData: { file: databaseFile },
    maxThreads: 1,
    idleTimeout: idleMs,
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 },
  });
  const wal = `${databaseFile}-wal`;
  let seenChange: number | undefined;
  let running: Promise<CheckpointResult | undefined> | undefined;
  const checkpoint = () =>
    (running ??= pool
      .run('checkpoint')
      .catch(() => undefined) // the backstop above checkpoints if the thread cannot
      .finally(() => (running = undefined)));
  const checkpointIfWritten = async () => {
    const changed = (await stat(wal).catch(() => undefined))?.mtimeMs;
    if (changed === undefined || changed === seenChange || running) return;
    seenChange = changed;
    await checkpoint();
  };
  const timer = setInterval(() => void checkpointIfWritten(), everyMs).unref();
  return {
    checkpointNow: async () => {
      await running;
      return checkpoint();
    },
    close: async () => {
      clearInterval(timer);
      await running;
      await pool.close();
    },
  };
}
