import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's per-user counters of word prefixes (`search_prefix_counts`), as migrations
 * 011 (prefixes of one to three letters) and 012 (up to twelve, with the visited spots
 * apart) install them: the function that lists a text's prefixes, the table's contents
 * counted from the spots already there, and the statement triggers that keep them. SQLite's
 * are row triggers, in migration 013.
 *
 * A spot counts once per prefix however many of its words begin with it, the way a search
 * finds it once. `visited` counts, when kept, the visited ones among `spots`.
 */
export interface PrefixCounting {
  /** The longest prefix counted, in code points (as `left`). */
  letters: number;
  /** Whether the `visited` column exists and is kept. */
  visited: boolean;
}

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

/** A text's distinct word prefixes of one to `letters` letters (`search_norm`'s words). */
const prefixesFunction = (letters: number) => `CREATE FUNCTION search_prefixes(norm text)
  RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT DISTINCT left(word, length) FROM unnest(string_to_array(norm, ' ')) AS word,
      generate_series(1, least(length(word), ${letters})) AS length
    WHERE word <> ''
  $$`;

/** The counters' columns and what one spot of alias `r` adds to them, times `delta`. */
function columns({ visited }: PrefixCounting, r: string, delta: number) {
  return visited
    ? { names: 'spots, visited', values: `${delta} AS spots, ${delta} * ${r}.visited AS visited` }
    : { names: 'spots', values: `${delta} AS spots` };
}

/** `rows`' prefixes, each counted `delta` times: `rows` is a trigger's transition table. */
const prefixesOf = (counting: PrefixCounting, rows: string, delta: number) =>
  `SELECT r.user_id, prefix, ${columns(counting, 'r', delta).values}
   FROM ${rows} AS r, search_prefixes(r.search_norm) AS prefix`;

/** The prefixes of the spots an UPDATE changed the counted columns of: before (o) or after (n). */
const changedPrefixesOf = (counting: PrefixCounting, side: 'o' | 'n', delta: number) =>
  `SELECT ${side}.user_id, prefix, ${columns(counting, side, delta).values}
   FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
     search_prefixes(${side}.search_norm) AS prefix
   WHERE o.search_norm IS DISTINCT FROM n.search_norm OR o.user_id <> n.user_id
     ${counting.visited ? 'OR o.visited <> n.visited' : ''}`;

/**
 * The counters' changes of one statement, summed, applied in one order (so two writes never
 * wait on each other's counters in opposite orders).
 */
function applyChanges(counting: PrefixCounting, ...changes: string[]) {
  const sums = counting.visited ? 'sum(spots), sum(visited)' : 'sum(spots)';
  const set = counting.visited
    ? 'spots = c.spots + excluded.spots, visited = c.visited + excluded.visited'
    : 'spots = c.spots + excluded.spots';
  return `INSERT INTO search_prefix_counts AS c (user_id, prefix, ${columns(counting, '', 0).names})
   SELECT user_id, prefix, ${sums} FROM (${changes.join(' UNION ALL ')}) AS changes
   GROUP BY user_id, prefix HAVING ${sums.replace(', ', ' <> 0 OR ')} <> 0
   ORDER BY user_id, prefix
   ON CONFLICT (user_id, prefix) DO UPDATE SET ${set};`;
}

/**
 * Statement triggers with transition tables: a statement that writes 10,000 spots (an
 * import, a seed) updates each counter once, not 10,000 times. A row trigger cost the bench
 * seed ~6× its time. An UPDATE trigger cannot name columns with transition tables, so it
 * looks for changed words (and visits) itself: a rating edit changes no counter.
 */
const triggers = (
  c: PrefixCounting,
): [name: string, event: string, tables: string, body: string][] => [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows', applyChanges(c, prefixesOf(c, 'new_rows', 1))],
  [
    'update',
    'UPDATE',
    'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    applyChanges(c, changedPrefixesOf(c, 'n', 1), changedPrefixesOf(c, 'o', -1)),
  ],
  [
    'delete',
    'DELETE',
    'OLD TABLE AS old_rows',
    // A counter at zero stays: it reads as no match, and writing it again costs less.
    applyChanges(c, prefixesOf(c, 'old_rows', -1)),
  ],
];

/**
 * Fills the (empty) counters from the spots already there and installs the function and
 * triggers that keep them.
 */
export async function installPrefixCounting(db: Kysely<any>, counting: PrefixCounting) {
  await run(db, prefixesFunction(counting.letters));
  const visited = counting.visited ? ', sum(r.visited)' : '';
  await run(
    db,
    `INSERT INTO search_prefix_counts (user_id, prefix, ${columns(counting, '', 0).names})
     SELECT r.user_id, prefix, count(*)${visited}
     FROM reviews AS r, search_prefixes(r.search_norm) AS prefix
     GROUP BY r.user_id, prefix`,
  );
  for (const [name, event, tables, body] of triggers(counting)) {
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

/** Removes the triggers and the function; the table stays, its contents then stale. */
export async function removePrefixCounting(db: Kysely<any>) {
  for (const name of ['insert', 'update', 'delete']) {
    await run(db, `DROP TRIGGER search_prefix_counts_${name} ON reviews`);
    await run(db, `DROP FUNCTION search_prefix_counts_${name}()`);
  }
  await run(db, 'DROP FUNCTION search_prefixes(text)');
}
