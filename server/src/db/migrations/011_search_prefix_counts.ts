import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { installPrefixCounting, removePrefixCounting } from './search-prefix-counting.ts';

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
 * finds it once. SQLite was unchanged here: its FTS5 index counts such searches in 1–2 ms
 * (with the one- and two-letter prefix index of migration 010); migration 013 gave it the
 * counters too. Migration 012 extends these to twelve letters; the SQL for both is
 * search-prefix-counting.ts.
 */
const COUNTING = { letters: 3, visited: false };

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('search_prefix_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('spots', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_prefix_counts_pk', ['user_id', 'prefix'])
    .execute();
  await installPrefixCounting(db, COUNTING);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await removePrefixCounting(db);
  await db.schema.dropTable('search_prefix_counts').execute();
}
