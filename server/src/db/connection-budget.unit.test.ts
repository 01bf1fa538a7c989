import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, appPostgres } from '../../test/postgres.ts';
import {
  checkConnectionBudget,
  connectionBudgetWarning,
  connectionsAllowed,
} from './connection-budget.ts';
import { openDatabase, type DatabaseHandle } from './connection.ts';

/** Against the real PostgreSQL server (the app's own handle), and a real SQLite file. */
const handles: DatabaseHandle[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-budget-'));
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The app's PostgreSQL handle; its connections carry a name of their own to be counted by. */
function postgres(poolSize?: number) {
  const name = `spotbook_pool_${randomBytes(4).toString('hex')}`;
  const handle = appPostgres({ application: name, poolSize });
  handles.push(handle);
  return { handle, name };
}

async function setting(name: string): Promise<number> {
  const [row] = await adminQuery<{ value: string | null }>(
    'select current_setting($1, true) as value',
    [name],
  );
  return Number(row!.value ?? 0);
}

/** The backends that answered `queries` statements sent at once, each holding its connection a while. */
async function backendsUsed(handle: DatabaseHandle, queries: number) {
  const pids = await Promise.all(
    Array.from({ length: queries }, async () => {
      const { rows } = await sql<{
        pid: number;
      }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(handle.db);
      return rows[0]!.pid;
    }),
  );
  return new Set(pids).size;
}

describe('the PostgreSQL pool of a server process', () => {
  it('opens at most DATABASE_POOL_SIZE connections however many statements wait', async () => {
    const { handle, name } = postgres(2);
    expect(await backendsUsed(handle, 12)).toBe(2);
    const { rows } = await sql<{ open: number }>`select count(*)::int as open
      from pg_stat_activity where application_name = ${name}`.execute(handle.db);
    expect(rows[0]!.open).toBe(2);
  });

  it('opens ten by default', async () => {
    const { handle } = postgres();
    expect(await backendsUsed(handle, 20)).toBe(10);
  });
});

describe('the connection budget checked at start', () => {
  it('warns only when the processes × their connections pass what PostgreSQL accepts', () => {
    expect(connectionBudgetWarning({ processes: 2, poolSize: 10, allowed: 97 })).toBeUndefined();
    // 9 processes × (9 + the list build thread's 1) = 90: at the limit, not past it.
    expect(connectionBudgetWarning({ processes: 9, poolSize: 9, allowed: 90 })).toBeUndefined();
    expect(connectionBudgetWarning({ processes: 16, poolSize: 10, allowed: 97 })).toBe(
      'PostgreSQL accepts 97 connections, but 16 server processes × (DATABASE_POOL_SIZE 10 + 1 ' +
        'for building lists) may open 176: lower WORKERS or DATABASE_POOL_SIZE, or raise ' +
        "PostgreSQL's max_connections.",
    );
    expect(connectionBudgetWarning({ processes: 1, poolSize: 200, allowed: 97 })).toMatch(
      /^PostgreSQL accepts 97 connections, but 1 server process × \(DATABASE_POOL_SIZE 200 \+ 1 for building lists\) may open 201:/,
    );
  });

  it('reads what PostgreSQL accepts from its settings, less its reserved connections', async () => {
    const { handle } = postgres(1);
    const expected =
      (await setting('max_connections')) -
      (await setting('superuser_reserved_connections')) -
      (await setting('reserved_connections'));
    expect(await connectionsAllowed(handle.db)).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  it('warns on PostgreSQL when the pools may pass the limit, and not otherwise', async () => {
    const { handle } = postgres(1);
    const allowed = await connectionsAllowed(handle.db);
    const warnings: string[] = [];
    const database = { db: handle.db, dialect: handle.dialect };
    await checkConnectionBudget(database, { WORKERS: 2, DATABASE_POOL_SIZE: 10 }, (w) =>
      warnings.push(w),
    );
    expect(warnings).toEqual([]);
    await checkConnectionBudget(database, { WORKERS: allowed + 1, DATABASE_POOL_SIZE: 1 }, (w) =>
      warnings.push(w),
    );
    expect(warnings).toEqual([
      expect.stringContaining(`PostgreSQL accepts ${allowed} connections`),
    ]);
  });

  it('has nothing to check on SQLite', async () => {
    const handle = openDatabase({ dataDir });
    handles.push(handle);
    const warnings: string[] = [];
    await checkConnectionBudget(handle, { WORKERS: 1000, DATABASE_POOL_SIZE: 1000 }, (w) =>
      warnings.push(w),
    );
    expect(warnings).toEqual([]);
  });
});
