import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFile, type DatabaseHandle } from './connection.ts';
import {
  checkpointsInThread,
  EVENT_LOOP_CHECKPOINT_PAGES,
  type WalCheckpoints,
} from './wal-checkpoints.ts';
import { useTempSqlite } from '../../test/temp-sqlite.ts';

/*
 * WAL checkpoints run in a thread, not in the commit that passes 1,000 pages on the event
 * loop (decision 023, "Checkpoints in a thread"). In WAL mode only a checkpoint writes the
 * database file itself, so its size says whether one has run.
 */

const database = useTempSqlite('spotbook-checkpoints-');
let checkpoints: WalCheckpoints | undefined;
afterEach(async () => {
  await checkpoints?.close();
  checkpoints = undefined;
});

/** `count` commits of one row each, ~1 KB apiece: each commit adds a page to the WAL. */
async function commits(handle: DatabaseHandle, count: number) {
  for (let i = 0; i < count; i++) {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values (${'x'.repeat(1000)})`.execute(trx);
    });
  }
}

const fileBytes = (dataDir: string) => statSync(sqliteFile(dataDir)).size;

async function withNotesTable() {
  const handle = database.open();
  await sql`create table notes (id integer primary key, body text)`.execute(handle.db);
  return { handle, dataDir: database.dataDir! };
}

describe('WAL checkpoints', () => {
  it('are left by commits to the thread until the WAL passes the backstop', async () => {
    const { handle, dataDir } = await withNotesTable();
    const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
      handle.db,
    );
    expect(rows[0]!.wal_autocheckpoint).toBe(EVENT_LOOP_CHECKPOINT_PAGES);

    const before = fileBytes(dataDir);
    // More pages than SQLite's default threshold (1,000), at which a commit would have
    // checkpointed on the event loop.
    await commits(handle, 1200);
    expect(fileBytes(dataDir)).toBe(before);

    checkpoints = checkpointsInThread(sqliteFile(dataDir), { everyMs: 60_000 });
    const result = await checkpoints.checkpointNow();
    expect(result).toMatchObject({ busy: 0 });
    expect(result!.log).toBeGreaterThanOrEqual(1200);
    expect(result!.checkpointed).toBe(result!.log);
    expect(fileBytes(dataDir)).toBeGreaterThan(before + 1200 * 1000);
  });

  it('run on their own while the WAL changes', async () => {
    const { handle, dataDir } = await withNotesTable();
    checkpoints = checkpointsInThread(sqliteFile(dataDir), { everyMs: 20 });
    const before = fileBytes(dataDir);
    await commits(handle, 50);
    await expect.poll(() => fileBytes(dataDir), { timeout: 10_000 }).toBeGreaterThan(before);

    // Nothing written since: the next checkpoint asked for finds every frame copied.
    const settled = await checkpoints.checkpointNow();
    expect(settled!.checkpointed).toBe(settled!.log);
  });

  it('leave the commits to checkpoint when the thread cannot open the file', async () => {
    checkpoints = checkpointsInThread('/nonexistent/spotbook.sqlite', { everyMs: 60_000 });
    await expect(checkpoints.checkpointNow()).resolves.toBeUndefined();
  });
});
