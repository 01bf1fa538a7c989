import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * SQLite: the word-prefix counters PostgreSQL has had since migrations 011 and 012 — per
 * user, how many spots have a word beginning with each prefix of one to twelve letters, and
 * how many of those are visited. A search for one word with the visited filter ("garden",
 * visited only) then has its count at once and its first pages from a walk of the sort
 * index; before, it read the set of its matches from the FTS index and built the whole
 * filtered order: 8–12 ms on a first request (decision 004, "SQLite counts one-word
 * searches too").
 *
 * SQLite has no statement triggers with transition tables, so these are row triggers: each
 * spot written upserts its distinct prefixes (a few dozen; +0.5 ms a spot written). A
 * trigger cannot use WITH, so a spot's words are split by `json_each` over `search_norm`
 * (distinct words of letters and digits, single spaces: nothing to escape in JSON).
 */

const LETTERS = 12;
const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

const LENGTHS = `'[${Array.from({ length: LETTERS }, (_, n) => n + 1).join(',')}]'`;

/** The word prefixes of `row`'s words, one row each (with repeats), as `prefix`. */
function prefixesFrom(row: string) {
  const words = `'["' || replace(${row}.search_norm, ' ', '","') || '"]'`;
  return `json_each(${words}) AS w, json_each(${LENGTHS}) AS n
    WHERE w.value <> '' AND n.value <= length(w.value)`;
}

const prefix = 'substr(w.value, 1, n.value)';

const add = (row: string) => `INSERT INTO search_prefix_counts (user_id, prefix, spots, visited)
  SELECT DISTINCT ${row}.user_id, ${prefix}, 1, ${row}.visited FROM ${prefixesFrom(row)}
  ON CONFLICT (user_id, prefix) DO UPDATE
  SET spots = spots + 1, visited = visited + excluded.visited;`;

// A counter at zero stays, as on PostgreSQL: it reads as no match.
const remove = (row: string) => `UPDATE search_prefix_counts
  SET spots = spots - 1, visited = visited - ${row}.visited
  WHERE user_id = ${row}.user_id AND prefix IN (SELECT ${prefix} FROM ${prefixesFrom(row)});`;

/** A visit changed alone: the same prefixes, one pass. */
const revisit = `UPDATE search_prefix_counts SET visited = visited + new.visited - old.visited
  WHERE user_id = new.user_id AND prefix IN (SELECT ${prefix} FROM ${prefixesFrom('new')});`;

const sameWords = 'old.search_norm IS new.search_norm AND old.user_id IS new.user_id';
const TRIGGERS: [name: string, event: string, body: string][] = [
  ['insert', 'INSERT ON reviews', add('new')],
  ['delete', 'DELETE ON reviews', remove('old')],
  [
    'update',
    `UPDATE OF search_norm, user_id ON reviews WHEN NOT (${sameWords})`,
    remove('old') + add('new'),
  ],
  [
    'visit',
    `UPDATE OF visited ON reviews WHEN ${sameWords} AND old.visited IS NOT new.visited`,
    revisit,
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createTable('search_prefix_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('spots', 'integer', (c) => c.notNull())
    .addColumn('visited', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_prefix_counts_pk', ['user_id', 'prefix'])
    .modifyEnd(sql`without rowid`)
    .execute();
  // ~65 s for 600,000 spots; a spot counts once per prefix however many words share it.
  await run(
    db,
    `INSERT INTO search_prefix_counts (user_id, prefix, spots, visited)
     SELECT user_id, prefix, count(*), sum(visited) FROM (
       SELECT DISTINCT r.id, r.user_id, r.visited, ${prefix} AS prefix
       FROM reviews AS r, ${prefixesFrom('r')}
     ) GROUP BY user_id, prefix`,
  );
  for (const [name, event, body] of TRIGGERS) {
    await run(db, `CREATE TRIGGER search_prefix_counts_${name} AFTER ${event} BEGIN ${body} END`);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name] of TRIGGERS) await run(db, `DROP TRIGGER search_prefix_counts_${name}`);
  await db.schema.dropTable('search_prefix_counts').execute();
}
