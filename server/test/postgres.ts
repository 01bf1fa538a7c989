import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';

/** Where the tests find a PostgreSQL server they may create databases on. */
export const PG_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A connection string whose search_path is a fresh schema, so test files never meet. */
export async function freshSchemaUrl(databaseUrl: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${schema}`, [], databaseUrl);
  const u = new URL(databaseUrl);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  return u.toString();
}

/**
 * A new database on the test server. `fastCommits` is for the test suites: a test database
 * needs no crash durability, so a commit returns without waiting for the WAL flush (tens
 * of ms each on this machine's disk under load); every other session still sees it at
 * once, only a PostgreSQL crash could lose the last commits. Benches keep the default, so
 * their figures are those of a deployment.
 */
export async function createDatabase(name: string, { fastCommits = false } = {}): Promise<string> {
  // CREATE DATABASE runs alone: not in one query string with anything else.
  await adminQuery(`CREATE DATABASE ${name}`);
  if (fastCommits) await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = withDatabase(PG_ADMIN_URL, name);
  // Extensions live in public, shared by every test schema of the run.
  await adminQuery(
    'CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent',
    [],
    url,
  );
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export const runDatabaseName = (prefix: string) =>
  `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;

/**
 * One statement (or several, without values) as the test server's superuser, on a
 * connection of its own.
 */
export async function adminQuery<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = PG_ADMIN_URL,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The app's own PostgreSQL handle (`openDatabase`, its pool and prepared statements) on
 * `url`, its connections named `application` in pg_stat_activity. The caller closes it.
 */
export function appPostgres(
  options: Omit<Parameters<typeof openDatabase>[0], 'databaseUrl' | 'dataDir'> & {
    url?: string;
    application?: string;
  } = {},
): DatabaseHandle {
  const { url = PG_ADMIN_URL, application, ...pool } = options;
  const named = new URL(url);
  if (application) named.searchParams.set('application_name', application);
  // PostgreSQL keeps nothing in DATA_DIR: the directory is never made.
  return openDatabase({ databaseUrl: named.toString(), ...pool });
}
