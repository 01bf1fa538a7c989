import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from '../dialect.ts';

/**
 * A spot's photos (issue 13, docs/decisions/021-photos.md), in the database (SQLite blob,
 * PostgreSQL bytea) so several app servers on one PostgreSQL share them with nothing else
 * to run. Deleting a spot or an account deletes its photos (FK cascade).
 *
 * A photo is part of its spot's card, so every write of a photo bumps the author's gallery
 * version (migration 004), exactly as a write of the spot itself does: a cached gallery
 * page never shows a deleted photo or an old cover. An UPDATE, not an upsert: the author
 * has a counter row since their first spot, and while the account is deleted the row may
 * already be gone (cascade) and must not be written again.
 */
const bump = (row: string) =>
  `UPDATE spot_counts SET version = version + 1 WHERE user_id = ${row}.user_id;`;

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const bigint = postgres ? 'bigint' : 'integer';
  const bytes = postgres ? 'bytea' : 'blob';
  await idColumn(db, db.schema.createTable('photos'))
    .addColumn('review_id', 'integer', (c) =>
      c.notNull().references('reviews.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('large', bytes, (c) => c.notNull())
    .addColumn('thumb', bytes, (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  // A page of spots loads its photos by review id, in order; the quota sums by user.
  await db.schema
    .createIndex('photos_review_position')
    .on('photos')
    .columns(['review_id', 'position'])
    .execute();
  await db.schema.createIndex('photos_user').on('photos').column('user_id').execute();

  if (postgres) {
    await run(
      db,
      `CREATE FUNCTION photos_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP IN ('UPDATE', 'DELETE') THEN ${bump('OLD')} END IF;
         IF TG_OP = 'INSERT' THEN ${bump('NEW')} END IF;
         RETURN NULL;
       END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER photos_version_bump AFTER INSERT OR UPDATE OR DELETE
       ON photos FOR EACH ROW EXECUTE FUNCTION photos_version_bump()`,
    );
    return;
  }
  for (const [event, row] of [
    ['INSERT', 'new'],
    ['UPDATE', 'old'],
    ['DELETE', 'old'],
  ] as const) {
    await run(
      db,
      `CREATE TRIGGER photos_version_${event.toLowerCase()} AFTER ${event} ON photos
       BEGIN ${bump(row)} END`,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await run(db, 'DROP TRIGGER photos_version_bump ON photos');
    await run(db, 'DROP FUNCTION photos_version_bump()');
  }
  await db.schema.dropTable('photos').execute();
}
