/**
 * The WAL checkpoint thread's worker (wal-checkpoints.ts). Plain JavaScript without tsx:
 * all it needs is its own connection to the file, opened on its first checkpoint and
 * dropped with the thread.
 */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';

let file;

/**
 * One PASSIVE checkpoint: it copies what it can of the WAL into the database file without
 * waiting for readers or writers, and returns SQLite's row ({ busy, log, checkpointed }).
 * `null` is the pool's warm-up (on-demand-pool.ts), answered without work.
 */
export default function checkpoint(task) {
  if (task === null) return null;
  file ??= new Database(workerData.file, { fileMustExist: true });
  const [row] = file.pragma('wal_checkpoint(PASSIVE)');
  return row;
}
