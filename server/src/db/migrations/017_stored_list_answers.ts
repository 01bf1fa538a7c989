import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Stored list answers with the format each was built in (features/lists/list-answer-format.ts),
 * in a table of their own (docs/decisions/023-workers-and-mixed-load.md, "Stored answers
 * carry their format"). An answer another release stored is neither served nor patched
 * from: its format differs.
 *
 * A new table rather than a column on `list_answers` (migration 015): during a rolling
 * deploy on PostgreSQL, servers of the earlier release keep running on the migrated
 * database, and they would still read every row of `list_answers` whatever its format,
 * and overwrite this release's rows without setting one. They keep `list_answers` to
 * themselves, and this release never reads it. A later migration drops it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_list_answers')
    .addColumn('list_id', 'integer', (c) =>
      c.primaryKey().references('lists.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('gzipped', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('layout', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_list_answers').execute();
}
