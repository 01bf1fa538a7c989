import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../../test/postgres.ts';
import { preparingPool } from './prepared-statements.ts';

/*
 * Against the real PostgreSQL server, one connection (pool of one), so that
 * pg_prepared_statements shows what that connection keeps.
 */
let db: Kysely<object> | undefined;
afterEach(() => db?.destroy());

function oneConnection(capacity: number) {
  const pool = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 1 });
  db = new Kysely<object>({
    dialect: new PostgresDialect({ pool: preparingPool(pool, capacity) }),
  });
  return db;
}

const kept = async (db: Kysely<object>) =>
  (
    await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
  ).rows.map((row) => row.statement);

const plusOne = (db: Kysely<object>, text: string, value: number) =>
  sql<{ n: number }>`${sql.raw(text)}select ${value}::int + 1 as n`.execute(db);

describe('statements prepared on PostgreSQL', () => {
  it('prepares a query text once and runs it with each run’s values', async () => {
    const db = oneConnection(10);
    for (const value of [1, 2, 3]) {
      expect((await plusOne(db, '', value)).rows).toEqual([{ n: value + 1 }]);
    }
    expect(await kept(db)).toEqual(['select $1::int + 1 as n']);
  });

  it('keeps the most recently used texts up to its capacity, and runs a forgotten one again', async () => {
    const db = oneConnection(2);
    for (const prefix of ['/*a*/', '/*b*/', '/*c*/', '/*a*/']) await plusOne(db, prefix, 1);
    // Forgotten when the connection goes back to the pool; the next query finds it done.
    expect((await kept(db)).sort()).toEqual([
      '/*a*/select $1::int + 1 as n',
      '/*c*/select $1::int + 1 as n',
    ]);
    expect((await plusOne(db, '/*b*/', 41)).rows).toEqual([{ n: 42 }]);
  });

  it('leaves statements without values unprepared (BEGIN, COMMIT)', async () => {
    const db = oneConnection(10);
    await db.transaction().execute((tx) => sql`select 1`.execute(tx));
    expect(await kept(db)).toEqual([]);
  });

  it('survives a statement that failed to parse or to run, in and out of transactions', async () => {
    const db = oneConnection(1);
    const broken = sql`selec ${1}`;
    await expect(db.transaction().execute((tx) => broken.execute(tx))).rejects.toThrow(/syntax/);
    // A value that does not fit fails after the statement was prepared; it stays usable.
    await expect(sql`select ${'x'}::int as n`.execute(db)).rejects.toThrow(/invalid input/);
    expect((await sql`select ${7}::int as n`.execute(db)).rows).toEqual([{ n: 7 }]);
    // The never-prepared name was forgotten (its DEALLOCATE failed, outside a transaction).
    const result = await db.transaction().execute(async (tx) => {
      await plusOne(tx, '', 1);
      return plusOne(tx, '/*again*/', 2);
    });
    expect(result.rows).toEqual([{ n: 3 }]);
    expect(await kept(db)).toEqual(['/*again*/select $1::int + 1 as n']);
  });
});
