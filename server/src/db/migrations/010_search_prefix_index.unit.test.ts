import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ftsMatchQuery } from '../../features/reviews/search-text.ts';
import { loadMigrations, type DatabaseHandle } from '../connection.ts';
import { useTempSqlite } from '../../../test/temp-sqlite.ts';

/*
 * Migration 010 on a SQLite database that already holds spots (an upgrade, not a new
 * install): the search index is rebuilt with the prefix index and padded user ids, and
 * what it finds, and the triggers that keep it, are the same as before.
 */

const database = useTempSqlite('spotbook-migration-010-');
let handle: DatabaseHandle | undefined;

async function migrator() {
  const migrations = await loadMigrations();
  return new Migrator({ db: handle!.db, provider: { getMigrations: async () => migrations } });
}

const run = (statement: string) => sql.raw(statement).execute(handle!.db);

async function matches(userId: number, words: string[], match = ftsMatchQuery(userId, words)) {
  const { rows } = await sql<{ id: number }>`select rowid as id from reviews_search
    where reviews_search match ${match} order by rowid`.execute(handle!.db);
  return rows.map((row) => row.id);
}

const tableSql = async () =>
  (
    await sql<{ sql: string }>`select sql from sqlite_master where name = 'reviews_search'`.execute(
      handle!.db,
    )
  ).rows[0]?.sql;

describe('migration 010: the search index keeps one- and two-letter prefixes (SQLite)', () => {
  it('rebuilds the index of existing spots, finds the same, and its triggers keep it', async () => {
    handle = database.open();
    const migrate = await migrator();
    expect((await migrate.migrateTo('009_list_versions')).error).toBeUndefined();

    await run(`INSERT INTO users (id, username, username_norm, email, email_norm, password_hash,
      created_at, password_changed_at) VALUES
      (7, 'ada', 'ada', 'a@x.test', 'a@x.test', 'h', 0, 0),
      (70, 'bob', 'bob', 'b@x.test', 'b@x.test', 'h', 0, 0)`);
    await run(`INSERT INTO places (id, provider, display_name, lat, lng, created_at) VALUES
      ('p1', 'embedded', 'Tea garden', 0, 0, 0), ('p2', 'embedded', 'Tower', 0, 0, 0),
      ('p3', 'embedded', 'Museum', 0, 0, 0)`);
    await run(`INSERT INTO reviews (id, user_id, place_id, created_at, updated_at, search_norm) VALUES
      (1, 7, 'p1', 0, 0, 'tea garden kyoto'), (2, 7, 'p2', 0, 0, 'tower paris'),
      (3, 7, 'p3', 0, 0, 'museum paris'), (4, 70, 'p1', 0, 0, 'tea garden')`);
    // Before: the unpadded terms of migration 002.
    expect(await matches(7, ['t'], '"7xt"*')).toEqual([1, 2]);

    expect((await migrate.migrateToLatest()).error).toBeUndefined();
    expect(await tableSql()).toContain("prefix='12 13'");
    expect(await matches(7, ['t'])).toEqual([1, 2]);
    expect(await matches(7, ['pa'])).toEqual([2, 3]);
    expect(await matches(7, ['par', 'to'])).toEqual([2]);
    expect(await matches(7, ['garden'])).toEqual([1]);
    // User 7's terms are not user 70's, though "7" begins "70".
    expect(await matches(70, ['t'])).toEqual([4]);

    // The triggers write the new terms: a new spot, changed words, a deleted spot.
    await run(`INSERT INTO places (id, provider, display_name, lat, lng, created_at)
      VALUES ('p4', 'embedded', 'Tram', 0, 0, 0)`);
    await run(`INSERT INTO reviews (id, user_id, place_id, created_at, updated_at, search_norm)
      VALUES (6, 7, 'p4', 0, 0, 'tram stop')`);
    await run(`UPDATE reviews SET search_norm = 'museum of art' WHERE id = 3`);
    await run('DELETE FROM reviews WHERE id = 2');
    expect(await matches(7, ['t'])).toEqual([1, 6]);
    expect(await matches(7, ['a'])).toEqual([3]);
    expect(await matches(7, ['pa'])).toEqual([]);

    // And back: the index of migration 002, same answers.
    expect((await migrate.migrateTo('009_list_versions')).error).toBeUndefined();
    expect(await tableSql()).not.toContain('prefix=');
    expect(await matches(7, ['t'], '"7xt"*')).toEqual([1, 6]);
  });
});
