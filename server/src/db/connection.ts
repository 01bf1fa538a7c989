import { inspect } from 'node:util';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { DEFAULT_DATABASE_POOL_SIZE, type Config } from '../config.ts';
import { isPostgres } from './dialect.ts';
import type { Database } from './schema.ts';
import { LimitsAtRunTime } from './limits-at-run-time.ts';
import { migratorView } from './migrator-view.ts';
import { refreshPlannerStatistics } from './planner-statistics.ts';
import { preparingPool } from './prepared-statements.ts';
import { QueuedSqliteDialect } from './sqlite-driver.ts';
import { withStatementCache } from './statement-cache.ts';
import { EVENT_LOOP_CHECKPOINT_PAGES } from './wal-checkpoints.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// PostgreSQL returns int8 (COUNT(*), our epoch-ms timestamps) as strings; every value
// we store fits a JS number, so parse them as numbers like SQLite does.
pg.types.setTypeParser(20, (v) => Number(v));

/** Up to 1 GiB of the database file is read through a memory map (SQLite's cap is 2 GiB). */
const SQLITE_MMAP_BYTES = 1024 ** 3;
/** How long a statement or a transaction waits for another process's write lock. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Where the app's data lives: a PostgreSQL database, or else a SQLite file in `dataDir`. */
export type DatabaseLocation = { databaseUrl: string } | { dataDir: string };

/** The database `config` names: DATABASE_URL when set, else the SQLite file under DATA_DIR. */
export const databaseLocation = (
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
): DatabaseLocation =>
  config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };

export type DatabaseOptions = DatabaseLocation & {
  /** PostgreSQL only: the most connections this process keeps open */
  poolSize?: number;
  /** PostgreSQL only: told when the server ends an idle connection (by default, stderr) */
  onIdleConnectionLost?: (error: Error) => void;
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if ('databaseUrl' in options) {
    const max = options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // PostgreSQL may end an idle connection at any time: a restart or failover, a pooler's
    // restart, pg_terminate_backend, idle_session_timeout. node-postgres then emits 'error'
    // on the pool, which with no listener ends the whole process. The pool has already
    // dropped that connection and opens another for the next query.
    pool.on('error', options.onIdleConnectionLost ?? idleConnectionLostOnStderr);
    return postgresDatabase(pool);
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(sqliteFile(options.dataDir));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('synchronous = NORMAL');
  // Reads come from the file mapped into memory rather than through SQLite's 2 MB page
  // cache and a read() per page: less CPU per gallery page when many users' pages are
  // read (decision 023, "SQLite reads through a memory map"). Mapped pages are the OS's
  // page cache, shared and given back under memory pressure, but they count in RSS.
  file.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  // The app's checkpoint thread (wal-checkpoints.ts) copies the WAL into the file; a commit
  // does it on the event loop only if that thread falls this far behind.
  file.pragma(`wal_autocheckpoint = ${EVENT_LOOP_CHECKPOINT_PAGES}`);
  // The pragmas above waited for another process's lock under better-sqlite3's default
  // busy timeout (5 s). From here the driver waits, off the event loop (sqlite-driver.ts).
  file.pragma('busy_timeout = 0');
  const db = new Kysely<Database>({
    dialect: new QueuedSqliteDialect(
      { database: withStatementCache(file) },
      { timeoutMs: SQLITE_BUSY_TIMEOUT_MS },
    ),
    plugins: [new LimitsAtRunTime()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const idleConnectionLostOnStderr = (error: Error) =>
  console.error(
    `An idle PostgreSQL connection was lost (${error.message}); the pool opens another.`,
  );

/** The SQLite database file in `dataDir`. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'spotbook.sqlite');

/** The app's PostgreSQL handle on `pool`, its statements kept prepared (prepared-statements.ts). */
export function postgresDatabase(pool: pg.Pool): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A migration; one that rewrites a table on PostgreSQL names it in `rewritesOnPostgres`.
 * The rewrite leaves the table's visibility map empty, so index-only scans read every row
 * from the heap again until VACUUM has passed over it (migration 014: "t" at offset 30,000
 * took 57 ms instead of 5). VACUUM cannot run in the migration's transaction, so
 * `migrateToLatest` runs it afterwards.
 */
export interface OurMigration extends Migration {
  rewritesOnPostgres?: readonly string[];
}

/**
 * Every file of db/migrations (NNN_name.ts, or NNN_name.js compiled in server/dist),
 * imported from our own code rather than Kysely's FileMigrationProvider so the same loader
 * works compiled, under tsx and under vitest.
 */
export async function loadMigrations(): Promise<Record<string, OurMigration>> {
  const files = readdirSync(migrationFolder).filter((f) => /^\d{3}_[\w-]+\.(ts|js)$/.test(f));
  const entries = await Promise.all(
    files.map(async (f) => {
      const module = (await import(
        pathToFileURL(path.join(migrationFolder, f)).href
      )) as OurMigration;
      return [f.replace(/\.(ts|js)$/, ''), module] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function currentSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Applies every pending migration, in name order, on either database; then, on SQLite, brings
 * the planner's statistics up to date (planner-statistics.ts).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrations = await loadMigrations();
  const migrator = new Migrator({
    db: migratorView(db),
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema; pin them to ours so
    // databases holding several schemas (one per test file, or per tenant) stay apart.
    migrationTableSchema: await currentSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason =
      error instanceof Error ? error.message : error === undefined ? '' : inspect(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  if (!isPostgres(db)) return refreshPlannerStatistics(db);
  const applied = (results ?? []).filter((r) => r.status === 'Success' && r.direction === 'Up');
  const rewritten = new Set(
    applied.flatMap((r) => migrations[r.migrationName]?.rewritesOnPostgres ?? []),
  );
  for (const table of rewritten) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
}
