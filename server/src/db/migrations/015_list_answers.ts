import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Built list answers shared by every app process on the database
 * (docs/decisions/023-workers-and-mixed-load.md, "Built once for every worker"): a big
 * list's gzipped `GET /api/lists/list/:key/` answer with the list version it was built at
 * (migration 009). Each worker, and each app server on one PostgreSQL, used to build every
 * version of a list itself (~45 ms of CPU for 2,000 spots); now the first builds it and
 * the others read it. Deleting a list deletes its answer (FK cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_answers')
    .addColumn('list_id', 'integer', (c) =>
      c.primaryKey().references('lists.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('gzipped', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('list_answers').execute();
}
