import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * SQLite's query planner statistics (`sqlite_stat1`), gathered where they are missing or
 * stale, without the per-value samples of `sqlite_stat4`
 * (docs/decisions/023-workers-and-mixed-load.md, "Statements planned on every run").
 *
 * Without statistics the planner guesses how many of a user's spots an index narrows to:
 * first gallery pages with a type, city or country filter took seven times as long.
 * `PRAGMA optimize=0x10002` analyzes the tables that need it, as SQLite advises for
 * long-lived connections (a no-op when the statistics are fresh; ~2 s the first time on a
 * database of 600,000 spots). Runs at start (`migrateToLatest`); PostgreSQL's autovacuum
 * keeps its own.
 *
 * This SQLite is built with STAT4, whose samples make the planner look at the value bound
 * to `user_id = ?` and mark the statement to be planned again whenever it is bound anew:
 * every run of a kept statement was parsed and planned again (~50 µs). The samples are
 * deleted and the statistics read again; with the averages alone (and limits-at-run-time),
 * warm gallery pages took 40 % less time.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await sql`pragma optimize=0x10002`.execute(db);
  const { rows } = await sql<{ samples: number }>`select
    (select count(*) from sqlite_master where name = 'sqlite_stat4') as samples`.execute(db);
  if (rows[0]?.samples) await sql`delete from sqlite_stat4`.execute(db);
  // Read again here whichever process deleted them: each keeps what it read at its start.
  await sql`analyze sqlite_schema`.execute(db);
}
