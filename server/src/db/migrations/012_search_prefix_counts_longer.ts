import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { installPrefixCounting, removePrefixCounting } from './search-prefix-counting.ts';

/**
 * PostgreSQL: the word-prefix counters of migration 011 count prefixes of up to twelve
 * letters, and the visited spots among them apart. A search for one word ("garden",
 * "sunset", "coffee"), alone or with the visited filter, then has its count at once, and its
 * first pages come from a walk of the sort index, as the short words' do. Through the GIN
 * index, "garden" (9,348 of 100,000 spots) read every match's row from the heap to count and
 * sort them: 27–36 ms on a first request (decision 004, "Searches of one word on
 * PostgreSQL"). Words longer than twelve letters are rare searches, and go the GIN way.
 *
 * The counters hold about eight times the rows of 011's (1.0 million against 123,000 for
 * the bench's 600,000 spots) and a write of a spot's words updates a few dozen of them.
 */
const LONGER = { letters: 12, visited: true };
const SHORT = { letters: 3, visited: false };

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await removePrefixCounting(db);
  await sql`TRUNCATE search_prefix_counts`.execute(db);
  await db.schema
    .alterTable('search_prefix_counts')
    .addColumn('visited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await installPrefixCounting(db, LONGER);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await removePrefixCounting(db);
  await sql`TRUNCATE search_prefix_counts`.execute(db);
  await db.schema.alterTable('search_prefix_counts').dropColumn('visited').execute();
  await installPrefixCounting(db, SHORT);
}
