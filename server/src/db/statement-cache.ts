import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { objectRows } from './row-objects.ts';

/**
 * Kysely's SQLite driver prepares every query anew; preparing (parsing and planning) a
 * gallery query costs about as much as running it. The app issues a small, fixed set of
 * query texts, so prepared statements are kept and reused (SQLite re-prepares them by
 * itself after a schema change). Safe because Kysely runs one query at a time per
 * SQLite connection.
 */
export function withStatementCache(file: SqliteFile, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      file.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // Map keeps insertion order: re-inserting makes it the most recently used.
        cache.delete(sql);
      } else {
        statement = rowsMadeHere(file.prepare(sql));
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** A statement as Kysely uses it, a reader's rows made objects in JS (objectRows). */
function rowsMadeHere(statement: Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const { all, iterate } = objectRows(statement);
  return { reader: true, all, iterate, run: (parameters) => statement.run(parameters) };
}
