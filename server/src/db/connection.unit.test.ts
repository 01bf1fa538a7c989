import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './connection.ts';
import { useTempSqlite } from '../../test/temp-sqlite.ts';

/*
 * The embedded database's connection settings: what several processes and threads on one
 * file rely on (issue 14 §3: WAL, one writer at a time, a busy timeout) and how it reads
 * (decision 023: through a memory map).
 */

const database = useTempSqlite('spotbook-connection-');
let handle: DatabaseHandle | undefined;

const pragma = async (name: string) => {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(
    handle!.db,
  );
  return Object.values(rows[0] ?? {})[0];
};

describe('the SQLite connection', () => {
  it('writes ahead, leaves the waiting for a busy writer to its driver, checks foreign keys and reads through a memory map', async () => {
    handle = database.open();

    expect(await pragma('journal_mode')).toBe('wal');
    // SQLite's busy handler would wait on the event loop (sqlite-driver.unit.test.ts).
    expect(await pragma('busy_timeout')).toBe(0);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('synchronous')).toBe(1); // NORMAL
    expect(await pragma('mmap_size')).toBe(1024 ** 3);
  });

  it('runs pending migrations in one transaction: a failure leaves none of them behind', async () => {
    handle = database.open();
    const db = handle.db as unknown as Kysely<unknown>;
    const table = (name: string): Migration => ({
      up: async (trx) => void (await sql.raw(`create table ${name} (id integer)`).execute(trx)),
    });
    const migrations: Record<string, Migration> = {
      '001_first': table('first_table'),
      '002_fails_half_way': {
        up: async (trx) => {
          await table('second_table').up(trx);
          throw new Error('stopped half way');
        },
      },
    };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateToLatest();
    expect(String(error)).toContain('stopped half way');
    const tables = await sql<{ name: string }>`select name from sqlite_master
      where type = 'table' and name in ('first_table', 'second_table')`.execute(db);
    expect(tables.rows).toEqual([]);
    // Nothing recorded either: the next start runs both again.
    delete migrations['002_fails_half_way'];
    expect((await migrator.migrateToLatest()).results?.map((r) => r.status)).toEqual(['Success']);
  });
});
