import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { btreeIndexes } from './002_reviews_search.ts';

/**
 * `reviews.initials`: which letters a–z begin a word of the spot's (`search_norm`), one bit
 * each, 1 << 0 for "a" to 1 << 25 for "z". The sort indexes carry it, so a search for one
 * letter ("t" at a search box's first keystroke) walks a sort index at any depth without
 * testing a row's words: "t" at offset 30,000 of the 100,000-spot user, first request, was
 * ~150 ms on PostgreSQL (every match read through the GIN index to sort them) and ~26 ms
 * on SQLite; walked this way ~5 and ~3 ms (decision 004, "One letter, any depth").
 *
 * A generated column, so no write path can forget it and no row is rewritten by hand: on
 * PostgreSQL stored (the table is rewritten once, firing no trigger), on SQLite virtual
 * (computed when read; the indexes keep it). Each bit is the word walk's own test for that
 * letter, `' ' || search_norm` containing `' ' || letter`, so the two cannot disagree.
 */

/** Stored on PostgreSQL: the table is rewritten, then vacuumed (db/connection.ts). */
export const rewritesOnPostgres = ['reviews'];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function initialsSql(postgres: boolean): string {
  const has = (letter: string) =>
    postgres
      ? `(strpos(' ' || search_norm, ' ${letter}') > 0)::integer`
      : `(instr(' ' || search_norm, ' ${letter}') > 0)`;
  return [...LETTERS].map((letter, bit) => `${has(letter)} * ${2 ** bit}`).join(' + ');
}

/** The sort indexes a one-word search walks (migration 002's), now ending in `initials`. */
const SORT_INDEX_NAMES = [
  'reviews_user_newest',
  'reviews_user_rating',
  'reviews_user_rating_low',
  'reviews_user_visited',
];
const SORT_INDEXES = btreeIndexes.filter(([name]) => SORT_INDEX_NAMES.includes(name));

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

/**
 * Dropping an index drops SQLite's statistics of it (`sqlite_stat1`, when the database was
 * analyzed): without them the planner walked the rating index for "type=cafe, highest
 * rating" instead of the type index, 0.5 → 5.6 ms. So a database that had them gets them
 * again. PostgreSQL's are renewed by the VACUUM (ANALYZE) after the migration.
 */
async function createSortIndexes(db: Kysely<any>, extra: string) {
  const analyzed = !isPostgres(db) && (await hasSqliteStatistics(db));
  for (const [name, columns] of SORT_INDEXES) {
    await run(db, `DROP INDEX ${name}`);
    await run(db, `CREATE INDEX ${name} ON reviews (${columns}${extra})`);
    if (analyzed) await run(db, `ANALYZE ${name}`);
  }
}

async function hasSqliteStatistics(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  return rows.length > 0;
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const kind = postgres ? 'STORED' : 'VIRTUAL';
  await run(
    db,
    `ALTER TABLE reviews ADD COLUMN initials integer GENERATED ALWAYS AS (${initialsSql(postgres)}) ${kind}`,
  );
  await createSortIndexes(db, ', initials');
}

export async function down(db: Kysely<any>): Promise<void> {
  await createSortIndexes(db, '');
  if (isPostgres(db)) {
    await run(db, 'ALTER TABLE reviews DROP COLUMN initials');
    return;
  }
  // SQLite's DROP COLUMN re-checks every trigger and fails on an upsert's table alias
  // (`INSERT INTO spot_counts AS c … c.total`, 3.53): the triggers step aside meanwhile.
  const { rows: triggers } = await sql<{ name: string; sql: string }>`select name, sql
    from sqlite_master where type = 'trigger' and tbl_name = 'reviews'`.execute(db);
  for (const { name } of triggers) await run(db, `DROP TRIGGER ${name}`);
  await run(db, 'ALTER TABLE reviews DROP COLUMN initials');
  for (const trigger of triggers) await run(db, trigger.sql);
}
