import SQLite from 'better-sqlite3';
import pg from 'pg';
import { postgresDatabase, type DatabaseHandle, type Db } from '../server/src/db/connection.ts';
import type { BenchPlace } from './spot-data.ts';

/** Bulk writers for the benchmark seed: plain driver calls, batched, no query builder. */
export type Row = Record<string, string | number | null>;
export interface Writer {
  insert(table: string, rows: Row[]): Promise<void>;
  /** user ids by username, as the database assigned them */
  userIds(): Promise<Map<string, number>>;
  finish(): Promise<void>;
}

const columnsOf = (rows: Row[]) => Object.keys(rows[0] ?? {});

/**
 * A bench place's `places` row, the provider fields the benchmarks don't vary left empty:
 * the one shape for the bulk seed and for the places benchmarks add one at a time.
 */
export const benchPlaceRow = (place: BenchPlace, createdAt: number) => ({
  ...place,
  provider: 'bench',
  website_uri: '',
  google_maps_uri: '',
  editorial_summary: '',
  photo_ref: '',
  cached_preview_image: '',
  owner_id: null,
  created_at: createdAt,
});

/** One prepared INSERT per batch, in one transaction; ANALYZE at the end. */
export function sqliteWriter(file: string): Writer {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  return {
    async insert(table, rows) {
      const cols = columnsOf(rows);
      const stmt = raw.prepare(
        `INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`,
      );
      raw.transaction(() => rows.forEach((r) => stmt.run(cols.map((c) => r[c]))))();
    },
    async userIds() {
      const rows = raw.prepare('SELECT id, username FROM users').all() as UserRow[];
      return new Map(rows.map((r) => [r.username, r.id]));
    },
    async finish() {
      raw.exec('ANALYZE');
      raw.close();
    },
  };
}

/** `INSERT … SELECT * FROM unnest($1::t[], …)`: one round trip per batch. */
export async function postgresWriter(url: string): Promise<Writer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async insert(table, rows) {
      const cols = columnsOf(rows);
      const unnest = cols.map((c, i) => `$${i + 1}::${pgType(rows[0]![c], c)}[]`).join(',');
      await client.query(
        `INSERT INTO ${table} (${cols.join(',')}) SELECT * FROM unnest(${unnest})`,
        cols.map((c) => rows.map((r) => r[c])),
      );
    },
    async userIds() {
      const { rows } = await client.query<UserRow>('SELECT id, username FROM users');
      return new Map(rows.map((r) => [r.username, r.id]));
    },
    async finish() {
      // What autovacuum does soon after a bulk load: statistics and the visibility map.
      await client.query('VACUUM ANALYZE');
      await client.end();
    },
  };
}

type UserRow = { id: number; username: string };

function pgType(sample: unknown, column: string): string {
  if (column === 'lat' || column === 'lng') return 'float8';
  if (column.endsWith('_at')) return 'int8';
  if (column === 'owner_id') return 'int4';
  return typeof sample === 'number' ? 'int4' : 'text';
}

export const PG_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgDatabaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Like openDatabase, with a pool that survives the database being dropped under it. */
export function postgresHandle(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {});
  return postgresDatabase(pool);
}

/** A user's spot ids, oldest first. */
export async function spotIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
