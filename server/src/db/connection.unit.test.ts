import { sql } from 'kysely';
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
  it('writes ahead, waits for a busy writer, checks foreign keys and reads through a memory map', async () => {
    handle = database.open();

    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('synchronous')).toBe(1); // NORMAL
    expect(await pragma('mmap_size')).toBe(1024 ** 3);
  });
});
