import { sql, type Kysely } from 'kysely';

/**
 * Lists: a normalised copy of name + description (lower-case, accents stripped) so the
 * My Lists / Followed Lists search is case- and accent-insensitive on both databases
 * with a plain LIKE, like reviews.search_norm; and an index for "my follows, newest first".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lists')
    .addColumn('search_norm', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('saved_lists_user_created')
    .on('saved_lists')
    .columns(['user_id', 'created_at'])
    .execute();
  // Rows written before this migration (none in practice) get their text filled in.
  await sql`update lists set search_norm = lower(name || ' ' || description)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('saved_lists_user_created').execute();
  await db.schema.alterTable('lists').dropColumn('search_norm').execute();
}
