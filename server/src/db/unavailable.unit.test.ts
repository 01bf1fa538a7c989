import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { deferred } from '../../test/deferred.ts';
import { adminQuery, appPostgres, PG_ADMIN_URL } from '../../test/postgres.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { sqliteFile, type DatabaseHandle } from './connection.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** Real failures of real databases: nothing here is a made-up error object. */
const cleanups: (() => unknown)[] = [];
/** What the pools reported of connections PostgreSQL ended while they were idle. */
const lost: Error[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The app's handle on PostgreSQL as a role PostgreSQL lets open no connection at all. */
async function roleWithoutConnections(): Promise<DatabaseHandle> {
  const role = `spotbook_nobody_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0`);
  cleanups.push(() => adminQuery(`DROP ROLE IF EXISTS ${role}`));
  const url = new URL(PG_ADMIN_URL);
  url.username = role;
  return handle(url.toString());
}

/** A port on this machine where nothing listens. */
async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `postgres://postgres@127.0.0.1:${port}/test`;
}

function handle(url: string): DatabaseHandle {
  const opened = appPostgres({
    url,
    poolSize: 1,
    onIdleConnectionLost: (error) => lost.push(error),
  });
  cleanups.push(() => opened.close());
  return opened;
}

const failureOf = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

const selectOne = (db: DatabaseHandle) => () => sql`select 1`.execute(db.db);

/** SQLite's write lock held by another connection, and a writer that will not wait. */
function sqliteBusyError(): unknown {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-busy-'));
  const holder = new SQLite(sqliteFile(dataDir));
  holder.pragma('journal_mode = WAL');
  holder.exec('create table t (x); begin immediate');
  const writer = new SQLite(sqliteFile(dataDir));
  writer.pragma('busy_timeout = 0');
  try {
    writer.exec('insert into t values (1)');
    return undefined;
  } catch (error) {
    return error;
  } finally {
    writer.close();
    holder.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a database that cannot answer now', () => {
  it('is PostgreSQL refusing the connection (too many for the role), or nothing listening', async () => {
    const refused = await failureOf(selectOne(await roleWithoutConnections()));
    expect((refused as { code: string }).code).toBe('53300');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const closed = await failureOf(selectOne(handle(await closedPortUrl())));
    expect((closed as { code: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(closed)).toBe(true);
  });

  it('is PostgreSQL ending the connection under a query', async () => {
    const db = handle(PG_ADMIN_URL);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.db);
    const terminated = failureOf(() => sql`select pg_sleep(5)`.execute(db.db));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await adminQuery('select pg_terminate_backend($1)', [rows[0]!.pid]);
    const error = await terminated;
    expect((error as { code: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The pool reported the lost connection instead of throwing, and opens another.
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    expect((await selectOne(db)()).rows).toEqual([{ '?column?': 1 }]);
  });

  it('is PostgreSQL ending a query at a time limit the deployer set', async () => {
    const db = handle(PG_ADMIN_URL);
    const timedOut = await failureOf(() =>
      db.db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 50`.execute(trx);
        await sql`select pg_sleep(2)`.execute(trx);
      }),
    );
    expect((timedOut as { code: string }).code).toBe('57014');
    expect(isDatabaseUnavailable(timedOut)).toBe(true);

    // A row lock held by another connection, and a lock_timeout shorter than the wait.
    const holder = handle(PG_ADMIN_URL);
    const table = `spotbook_locked_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create table ${table} (x int); insert into ${table} values (1)`);
    cleanups.push(() => adminQuery(`drop table if exists ${table}`));
    const [lockTaken, held] = [deferred(), deferred()];
    const holding = holder.db.transaction().execute(async (trx) => {
      await sql`select * from ${sql.table(table)} for update`.execute(trx);
      lockTaken.resolve();
      await held.promise;
    });
    await lockTaken.promise;
    const notGranted = await failureOf(() =>
      db.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = 50`.execute(trx);
        await sql`update ${sql.table(table)} set x = 2`.execute(trx);
      }),
    );
    held.resolve();
    await holding;
    expect((notGranted as { code: string }).code).toBe('55P03');
    expect(isDatabaseUnavailable(notGranted)).toBe(true);
  });

  it('is PostgreSQL breaking a deadlock between two requests', async () => {
    const [first, second] = [handle(PG_ADMIN_URL), handle(PG_ADMIN_URL)];
    const table = `spotbook_deadlock_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create table ${table} (x int); insert into ${table} values (1), (2)`);
    cleanups.push(() => adminQuery(`drop table if exists ${table}`));
    const bothHoldOne = deferred();
    let holding = 0;
    // Each locks one row, then asks for the other's: PostgreSQL ends one of them (after
    // deadlock_timeout, 1 s by default).
    const lockInTurn = (db: DatabaseHandle, mine: number, theirs: number) =>
      db.db.transaction().execute(async (trx) => {
        await sql`set local deadlock_timeout = 50`.execute(trx);
        await sql`update ${sql.table(table)} set x = x where x = ${mine}`.execute(trx);
        if (++holding === 2) bothHoldOne.resolve();
        await bothHoldOne.promise;
        await sql`update ${sql.table(table)} set x = x where x = ${theirs}`.execute(trx);
      });
    const outcomes = await Promise.allSettled([lockInTurn(first, 1, 2), lockInTurn(second, 2, 1)]);
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as { code: string }] : [],
    );
    expect(failures.map((failure) => failure.code)).toEqual(['40P01']);
    expect(isDatabaseUnavailable(failures[0])).toBe(true);
  });

  it('is SQLite still locked by another writer', () => {
    const busy = sqliteBusyError();
    expect((busy as { code: string }).code).toBe('SQLITE_BUSY');
    expect(isDatabaseUnavailable(busy)).toBe(true);
  });

  it('is not a failure the request itself caused', async () => {
    const db = handle(PG_ADMIN_URL);
    const syntax = await failureOf(() => sql`selec 1`.execute(db.db));
    const divisionByZero = await failureOf(() =>
      sql`select * from (values (1)) v(x) where 1 / 0 = 1`.execute(db.db),
    );
    for (const error of [syntax, divisionByZero, new Error('anything'), null, 'text']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('is answered 503 with a Retry-After and the contract’s JSON, no internals', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const db = await roleWithoutConnections();
    app.get('/api/probe/', async () => (await sql`select 1`.execute(db.db)).rows);
    const response = await app.inject({ method: 'GET', url: '/api/probe/' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      detail: 'The server is busy right now. Please try again in a moment.',
    });
    expect(response.body).not.toMatch(/connection|role|postgres|53300/i);
  });
});
