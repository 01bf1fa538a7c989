import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * A per-user gallery version (docs/decisions/004-gallery-query.md, "Response cache"):
 * `spot_counts.version` goes up on every INSERT, UPDATE and DELETE of one of the user's
 * spots, by triggers, so every write path bumps it (the spot routes, example lists, FK
 * cascades, other features). App servers cache a gallery page's JSON under
 * (user, query, version) and compare the version with the database's on every request,
 * so several servers on one PostgreSQL never serve a page older than the last write.
 *
 * Only review rows bump it: a gallery card shows the review and its place, and place rows
 * are written once and never updated (features/places/store.ts; `cached_preview_image` is
 * set at insert). A feature that starts updating places must bump the version of every
 * user with a spot on that place.
 */

/** The new row's user: the row may not exist yet (their first spot, or a moved spot). */
const bumpUpsert = (row: string) =>
  `INSERT INTO spot_counts AS c (user_id, version) VALUES (${row}.user_id, 1)
   ON CONFLICT (user_id) DO UPDATE SET version = c.version + 1;`;
/**
 * The old row's user already has a counter row (migration 002 made it with their first
 * spot). An UPDATE, not an upsert: while a user is deleted, their counter row may already
 * be gone (FK cascade) and must not be written again.
 */
const bumpExisting = (row: string) =>
  `UPDATE spot_counts SET version = version + 1 WHERE user_id = ${row}.user_id;`;

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('spot_counts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // An UPDATE bumps both the old and the new user (the same one, in practice: +2).
  if (isPostgres(db)) {
    await run(
      db,
      `CREATE FUNCTION gallery_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP IN ('UPDATE', 'DELETE') THEN ${bumpExisting('OLD')} END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN ${bumpUpsert('NEW')} END IF;
         RETURN NULL;
       END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER gallery_version_bump AFTER INSERT OR UPDATE OR DELETE
       ON reviews FOR EACH ROW EXECUTE FUNCTION gallery_version_bump()`,
    );
    return;
  }
  const trigger = (name: string, event: string, body: string) =>
    run(db, `CREATE TRIGGER ${name} AFTER ${event} ON reviews BEGIN ${body} END`);
  await trigger('reviews_version_insert', 'INSERT', bumpUpsert('new'));
  await trigger('reviews_version_update', 'UPDATE', bumpExisting('old') + bumpUpsert('new'));
  await trigger('reviews_version_delete', 'DELETE', bumpExisting('old'));
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await run(db, 'DROP TRIGGER gallery_version_bump ON reviews');
    await run(db, 'DROP FUNCTION gallery_version_bump()');
  } else {
    for (const name of ['insert', 'update', 'delete']) {
      await run(db, `DROP TRIGGER reviews_version_${name}`);
    }
  }
  await db.schema.alterTable('spot_counts').dropColumn('version').execute();
}
