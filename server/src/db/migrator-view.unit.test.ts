import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminQuery,
  appPostgres,
  createDatabase,
  dropDatabase,
  runDatabaseName,
} from '../../test/postgres.ts';
import { migrateToLatest } from './connection.ts';
import { migratorView } from './migrator-view.ts';

/*
 * Another session adding and dropping a column in another schema, over and over, while
 * this one asks what the migrator asks: which tables exist. Kysely's own introspection
 * names every column of every schema again and failed when a drop landed in between.
 */

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Adds and drops a column of a table in another schema of `url`'s database until stopped. */
async function churnAnotherSchema(url: string): Promise<() => Promise<number>> {
  const schema = `spotbook_churn_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create schema ${schema}; create table ${schema}.t (id int)`, [], url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let stopped = false;
  let rounds = 0;
  const churning = (async () => {
    while (!stopped) {
      await client.query(`alter table ${schema}.t add column c int`);
      await client.query(`alter table ${schema}.t drop column c`);
      rounds += 1;
    }
  })();
  return async () => {
    stopped = true;
    await churning;
    await client.end();
    return rounds;
  };
}

describe('what the migrator sees of PostgreSQL', () => {
  it('is the tables of its own schema, whatever other schemas do meanwhile', async () => {
    const name = runDatabaseName('spotbook_migrator');
    const url = await createDatabase(name);
    cleanups.push(() => dropDatabase(name));
    const handle = appPostgres({ url });
    cleanups.push(() => handle.close());
    const stop = await churnAnotherSchema(url);
    const migrator = new Migrator({
      db: migratorView(handle.db),
      provider: { getMigrations: async () => ({}) },
    });
    try {
      // Each call asks whether the migration table exists (Migrator#getMigrations).
      for (let asked = 0; asked < 150; asked += 1) await migrator.getMigrations();
      await migrateToLatest(handle.db);
    } finally {
      expect(await stop()).toBeGreaterThan(10);
    }
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      handle.db,
    );
    const tables = await migratorView(handle.db).introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([rows[0]!.schema]));
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'reviews', 'lists']),
    );
    // Everything else is the app's handle itself.
    const { count } = await migratorView(handle.db)
      .selectNoFrom(sql<number>`(select count(*) from kysely_migration)`.as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(15);
  });
});
