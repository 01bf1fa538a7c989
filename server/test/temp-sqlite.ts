import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';

/**
 * For tests of the database layer itself: `open()` gives a SQLite database in a fresh
 * directory, as the app opens it; it is closed and removed after each test.
 */
export function useTempSqlite(prefix: string) {
  let handle: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    handle = dataDir = undefined;
  });
  return {
    /** the directory of the database `open()` gave */
    get dataDir(): string | undefined {
      return dataDir;
    },
    open(): DatabaseHandle {
      dataDir = mkdtempSync(path.join(tmpdir(), prefix));
      return (handle = openDatabase({ dataDir }));
    },
  };
}
