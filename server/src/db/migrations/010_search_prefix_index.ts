import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { addCount, SEARCH_TERMS_SQL } from './002_reviews_search.ts';

/**
 * SQLite: the search index keeps every one- and two-letter word prefix of a user as an
 * entry of its own (FTS5 `prefix=`), so a one-letter search reads one posting list instead
 * of every term it expands to: for "t" over 100,000 spots, the matches' ids 14 → 6 ms and
 * their count 10 → 2.3 ms, at 2.5× the index's size; a spot's write costs about what it
 * did once terms are rewritten only when the words change (below; decision 004, "A prefix
 * index for one-letter searches").
 *
 * FTS5 counts a prefix index's lengths from the start of the term, and terms begin with
 * their author (`{user_id}x{word}`), so the user part gets one width: 10 digits, any
 * positive int32 id. Lengths 12 and 13 are then the word's first one and two letters.
 * PostgreSQL's index is unchanged.
 */
export const PADDED_SEARCH_TERMS_SQL = SEARCH_TERMS_SQL.replaceAll(
  'user_id',
  "printf('%010d', user_id)",
);

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

async function rebuild(db: Kysely<any>, terms: string, options: string) {
  const termsOf = (row: string) => terms.replace(/user_id|search_norm/g, `${row}.$&`);
  const addTerms = (row: string) =>
    `INSERT INTO reviews_search(rowid, terms) VALUES (${row}.id, ${termsOf(row)});`;
  // The delete trigger (`rowid = old.id`) and the count triggers don't spell terms: kept.
  await run(db, 'DROP TRIGGER reviews_sync_insert');
  await run(db, 'DROP TRIGGER reviews_sync_terms');
  await run(db, 'DROP TABLE reviews_search');
  await run(
    db,
    `CREATE VIRTUAL TABLE reviews_search USING fts5(terms, content='', contentless_delete=1,
     tokenize='unicode61 remove_diacritics 0'${options})`,
  );
  await run(db, `INSERT INTO reviews_search(rowid, terms) SELECT id, ${terms} FROM reviews`);
  await run(
    db,
    `CREATE TRIGGER reviews_sync_insert AFTER INSERT ON reviews BEGIN
     ${addTerms('new')} ${addCount('new')} END`,
  );
  // The spot routes set search_norm on every edit; only a change of words rewrites terms
  // (with the prefix index, a rewrite and the merges it leads to cost ~10 ms at times).
  await run(
    db,
    `CREATE TRIGGER reviews_sync_terms AFTER UPDATE OF search_norm, user_id ON reviews
     WHEN old.search_norm IS NOT new.search_norm OR old.user_id IS NOT new.user_id BEGIN
     DELETE FROM reviews_search WHERE rowid = old.id; ${addTerms('new')} END`,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, PADDED_SEARCH_TERMS_SQL, ", prefix='12 13'");
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, SEARCH_TERMS_SQL, '');
}
