import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The format each stored list answer was built in (features/lists/list-answer-format.ts):
 * answers stored by an earlier release, or by an older app server still running beside a
 * newer one on PostgreSQL, carry another format and are neither served nor patched from,
 * only built again (docs/decisions/023-workers-and-mixed-load.md, "Stored answers carry
 * their format"). Those stored before this column get '' and are built again once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A SQLite down leaves the column (see there); up then finds it.
  const left =
    !isPostgres(db) &&
    (await sql`SELECT 1 FROM pragma_table_info('list_answers') WHERE name = 'format'`.execute(db))
      .rows.length > 0;
  if (left) return;
  await db.schema
    .alterTable('list_answers')
    .addColumn('format', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The earlier release builds its answers again: it would serve this release's.
  await db.deleteFrom('list_answers').execute();
  // SQLite re-checks every trigger on DROP COLUMN and trips over the upsert alias of
  // migration 002's triggers (as migrations 009 and 016 found); there the column stays,
  // and what the earlier release stores gets '', which no release reads as its own.
  if (isPostgres(db)) await db.schema.alterTable('list_answers').dropColumn('format').execute();
}
