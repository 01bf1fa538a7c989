import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProbe } from './spot-workload.ts';

/**
 * Plain driver reads of the app's database beside the running server (SQLite in WAL mode
 * takes a second connection; PostgreSQL any number), for what the API has no read of.
 */
type SpotRow = { place_id: string; list_id: number | null };

function groupLists(rows: SpotRow[]): Map<string, number[]> {
  const spots = new Map<string, number[]>();
  for (const row of rows) {
    const lists = spots.get(row.place_id) ?? [];
    if (row.list_id !== null) lists.push(row.list_id);
    spots.set(row.place_id, lists);
  }
  return spots;
}

const SPOTS_SQL = `SELECT r.place_id, lr.list_id FROM reviews r
  LEFT JOIN list_reviews lr ON lr.review_id = r.id WHERE r.user_id = ? AND r.place_id IN`;

export function sqliteProbe(file: string): DatabaseProbe & {
  /** PRAGMA integrity_check and foreign_key_check: 'ok' or what they found */
  integrity(): string;
  close(): void;
} {
  const db = new SQLite(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const marks = (n: number) => `(${Array.from({ length: n }, () => '?').join(',')})`;
  return {
    async existingPlaces(ids) {
      if (!ids.length) return new Set();
      const rows = db
        .prepare(`SELECT id FROM places WHERE id IN ${marks(ids.length)}`)
        .all(...ids) as { id: string }[];
      return new Set(rows.map((r) => r.id));
    },
    async spotsOfPlaces(userId, placeIds) {
      if (!placeIds.length) return new Map();
      const rows = db
        .prepare(`${SPOTS_SQL} ${marks(placeIds.length)}`)
        .all(userId, ...placeIds) as SpotRow[];
      return groupLists(rows);
    },
    integrity() {
      const check = db.pragma('integrity_check') as { integrity_check: string }[];
      const result = check.map((r) => r.integrity_check).join('; ');
      const foreign = db.pragma('foreign_key_check') as unknown[];
      return result === 'ok' && foreign.length === 0
        ? 'ok'
        : `integrity_check: ${result}; foreign_key_check: ${foreign.length} violation(s)`;
    },
    close: () => db.close(),
  };
}

export async function postgresProbe(
  url: string,
): Promise<DatabaseProbe & { close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async existingPlaces(ids) {
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM places WHERE id = ANY($1)',
        [ids],
      );
      return new Set(rows.map((r) => r.id));
    },
    async spotsOfPlaces(userId, placeIds) {
      const sql = SPOTS_SQL.replace('?', '$1').replace(/ IN$/, ' = ANY($2)');
      const { rows } = await client.query<SpotRow>(sql, [userId, placeIds]);
      return groupLists(rows);
    },
    close: () => client.end(),
  };
}
