import type { Kysely } from 'kysely';

/**
 * The format each stored list answer was built in (features/lists/list-answer-format.ts):
 * answers stored by an earlier release, or by an older app server still running beside a
 * newer one on PostgreSQL, carry another format and are neither served nor patched from,
 * only built again (docs/decisions/023-workers-and-mixed-load.md, "Stored answers carry
 * their format"). Those stored before this column get '' and are built again once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('list_answers')
    .addColumn('format', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('list_answers').dropColumn('format').execute();
}
