import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFile, type Db } from './connection.ts';
import { QueuedSqliteDialect } from './sqlite-driver.ts';

/*
 * Two connections to one file stand for two worker processes (issue 14 §3: one writer at a
 * time). A transaction, or a single write, waiting for the other's write lock must not hold
 * up its own process: SQLite's busy handler would sleep on the event loop, and here the
 * holder, in the same process, could then never finish.
 */

let dataDir: string;
const closers: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-driver-'));
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = (): Db => {
  const handle = openDatabase({ dataDir });
  closers.push(() => handle.close());
  return handle.db;
};

/** A connection as the app opens one, with its own (short) time to wait for the lock. */
const openWithTimeout = (timeoutMs: number) => {
  const file = new SQLite(sqliteFile(dataDir));
  file.pragma('journal_mode = WAL');
  file.pragma('busy_timeout = 0');
  const db = new Kysely<unknown>({
    dialect: new QueuedSqliteDialect({ database: file }, { timeoutMs }),
  });
  closers.push(() => db.destroy());
  return db;
};

const count = async <T>(db: Kysely<T>) =>
  (await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n;

/** A transaction on `db` that has written and holds the write lock until `release()`. */
async function holdWriteLock<T>(db: Kysely<T>) {
  let release!: () => void;
  let holding!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const taken = new Promise<void>((resolve) => (holding = resolve));
  const done = db.transaction().execute(async (trx) => {
    await sql`insert into t (n) values (1)`.execute(trx);
    holding();
    await released;
  });
  await taken;
  return { release, done };
}

const insertTwo = sql`insert into t (n) values (2)`;
/** The two ways a write waits for the lock: its transaction's BEGIN, or the statement itself. */
const writes: [name: string, write: <T>(db: Kysely<T>) => Promise<unknown>][] = [
  ['a transaction', (db) => db.transaction().execute((trx) => insertTwo.execute(trx))],
  ['a single write outside a transaction', (db) => insertTwo.execute(db)],
];

describe.each(writes)('%s waiting for another connection’s write lock', (_, write) => {
  it('lets its own connection read and timers run meanwhile, then writes', async () => {
    const [first, second] = [open(), open()];
    await sql`create table t (n integer)`.execute(first);
    const holder = await holdWriteLock(first);

    const waiting = write(second);
    expect(await count(second)).toBe(0); // read while the write waits
    await new Promise((resolve) => setTimeout(resolve, 50)); // the event loop runs
    holder.release();
    await holder.done;
    await waiting;
    expect(await count(first)).toBe(2);
  });

  it('fails with SQLITE_BUSY after the time to wait, and is usable afterwards', async () => {
    const first = open();
    await sql`create table t (n integer)`.execute(first);
    const second = openWithTimeout(150);
    const holder = await holdWriteLock(first);

    const started = Date.now();
    await expect(write(second)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(130);
    holder.release();
    await holder.done;
    await sql`insert into t (n) values (3)`.execute(second);
    expect(await count(second)).toBe(2);
  });
});
