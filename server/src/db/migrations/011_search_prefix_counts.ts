import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * PostgreSQL: per user, how many spots have a word beginning with each one-, two- and
 * three-letter prefix (`search_prefix_counts`), kept by triggers. A search for one short
 * word ("t", "mu" at a search box's first keystrokes; "bar", "spa", "pub", "zoo" as words
 * of their own) then has its count at once, and its first pages come from walking a sort
 * index testing each spot's words, instead of reading every match from the heap through
 * the GIN index: "t", 64,569 of 100,000 spots, 140–190 ms on its first request (decision
 * 004, "Short searches on PostgreSQL").
 *
 * A spot counts once per prefix however many of its words begin with it, the way a search
 * finds it once. SQLite is unchanged: its FTS5 index counts such searches in 1–2 ms (with
 * the one- and two-letter prefix index of migration 010).
 */

/** A text's distinct word prefixes of one to three letters (`search_norm`'s words). */
const PREFIXES_FUNCTION = `CREATE FUNCTION search_prefixes(norm text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT DISTINCT left(word, length) FROM unnest(string_to_array(norm, ' ')) AS word,
      (VALUES (1), (2), (3)) AS lengths(length)
    WHERE word <> ''
  $$`;

/** `rows`' prefixes, each counted `delta` times: `rows` is a trigger's transition table. */
const prefixesOf = (rows: string, delta: number) =>
  `SELECT r.user_id, prefix, ${delta} AS delta
   FROM ${rows} AS r, search_prefixes(r.search_norm) AS prefix`;

/** The prefixes of the spots an UPDATE changed the words or user of: before (o) or after (n). */
const changedPrefixesOf = (side: 'o' | 'n', delta: number) =>
  `SELECT ${side}.user_id, prefix, ${delta} AS delta
   FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
     search_prefixes(${side}.search_norm) AS prefix
   WHERE o.search_norm IS DISTINCT FROM n.search_norm OR o.user_id <> n.user_id`;

/**
 * The counters' changes of one statement, summed, applied in one order (so two writes never
 * wait on each other's counters in opposite orders).
 */
const applyChanges = (...changes: string[]) =>
  `INSERT INTO search_prefix_counts AS c (user_id, prefix, spots)
   SELECT user_id, prefix, sum(delta) FROM (${changes.join(' UNION ALL ')}) AS changes
   GROUP BY user_id, prefix HAVING sum(delta) <> 0 ORDER BY user_id, prefix
   ON CONFLICT (user_id, prefix) DO UPDATE SET spots = c.spots + excluded.spots;`;

/**
 * Statement triggers with transition tables: a statement that writes 10,000 spots (an
 * import, a seed) updates each counter once, not 10,000 times. A row trigger cost the bench
 * seed ~6× its time. An UPDATE trigger cannot name columns with transition tables, so it
 * looks for changed words itself (a rating or visited edit changes no counter).
 */
const TRIGGERS: [name: string, event: string, tables: string, body: string][] = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows', applyChanges(prefixesOf('new_rows', 1))],
  [
    'update',
    'UPDATE',
    'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    applyChanges(changedPrefixesOf('n', 1), changedPrefixesOf('o', -1)),
  ],
  [
    'delete',
    'DELETE',
    'OLD TABLE AS old_rows',
    // A counter at zero stays: it reads as no match, and writing it again costs less.
    applyChanges(prefixesOf('old_rows', -1)),
  ],
];

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('search_prefix_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('spots', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_prefix_counts_pk', ['user_id', 'prefix'])
    .execute();
  await run(db, PREFIXES_FUNCTION);
  await run(
    db,
    `INSERT INTO search_prefix_counts (user_id, prefix, spots)
     SELECT r.user_id, prefix, count(*) FROM reviews AS r, search_prefixes(r.search_norm) AS prefix
     GROUP BY r.user_id, prefix`,
  );
  for (const [name, event, tables, body] of TRIGGERS) {
    await run(
      db,
      `CREATE FUNCTION search_prefix_counts_${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN ${body} RETURN NULL; END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER search_prefix_counts_${name} AFTER ${event} ON reviews
       REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION search_prefix_counts_${name}()`,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name] of TRIGGERS) {
    await run(db, `DROP TRIGGER search_prefix_counts_${name} ON reviews`);
    await run(db, `DROP FUNCTION search_prefix_counts_${name}()`);
  }
  await run(db, 'DROP FUNCTION search_prefixes(text)');
  await db.schema.dropTable('search_prefix_counts').execute();
}
