import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * What changed between two gallery versions (docs/decisions/004-gallery-query.md,
 * "After a write"). App servers keep sort positions and search orders per user query and
 * gallery version; a write moves one spot, so instead of rebuilding them they read here
 * which spots changed and where each one was before, and adjust.
 *
 * The triggers of migration 004 are replaced by ones that bump the version as before
 * (an UPDATE still bumps twice) and then log one row per user whose gallery changed: the
 * version after the write, the spot, and the spot's gallery columns before the write
 * (NULL when the spot wasn't this user's: a new spot, or one moved to them). The spot's
 * state after the write is read from `reviews` by the reader.
 *
 * The same triggers trim the log, but only once every `GALLERY_CHANGES_TRIM_EVERY`
 * versions (a write does one INSERT, and a DELETE of a whole batch now and then, instead
 * of deleting one row on every write): a write whose bumps reach a multiple of it forgets
 * the rows older than `GALLERY_CHANGES_KEPT` versions. The log therefore always reaches
 * back at least `GALLERY_CHANGES_KEPT` versions and holds at most that plus one batch
 * (a few hundred rows per user); a reader further behind than `GALLERY_CHANGES_KEPT`
 * rebuilds. A photo write bumps the version without logging (migration 007); when it is
 * the one to reach the multiple, that trim waits for the next one.
 */
export const GALLERY_CHANGES_KEPT = 512;
export const GALLERY_CHANGES_TRIM_EVERY = 64;

const OLD_IMAGE = ['rating', 'visited', 'place_type', 'place_city', 'place_country'];
/** A spot's gallery columns as `row` holds them, or NULLs: a change's columns before it. */
export const image = (row: string | null) =>
  OLD_IMAGE.map((column) => (row ? `${row}.${column}` : 'NULL')).join(', ');

/** One change of `user`'s gallery: the version it made, the spot, its columns before. */
const record = (user: string, spot: string, before: string | null, when = 'true') =>
  `INSERT INTO gallery_changes (user_id, version, spot_id, old_rating, old_visited, old_type, old_city, old_country)
     SELECT user_id, version, ${spot}.id, ${image(before)} FROM spot_counts
     WHERE user_id = ${user}.user_id AND ${when};`;
/**
 * Forgets `user`'s changes older than the kept versions when this write's `bumps` (an SQL
 * expression: how much it raised `user`'s version) reached a multiple of the trim period.
 * Otherwise the bound is NULL and the DELETE stops at the one `spot_counts` probe.
 */
const prune = (user: string, bumps: string, when = 'true') =>
  `DELETE FROM gallery_changes WHERE user_id = ${user}.user_id AND ${when}
     AND version <= (SELECT version - ${GALLERY_CHANGES_KEPT} FROM spot_counts
       WHERE user_id = ${user}.user_id AND version % ${GALLERY_CHANGES_TRIM_EVERY} < ${bumps});`;

/** The bumps of migration 004, unchanged. */
const bumpUpsert = (row: string) =>
  `INSERT INTO spot_counts AS c (user_id, version) VALUES (${row}.user_id, 1)
   ON CONFLICT (user_id) DO UPDATE SET version = c.version + 1;`;
const bumpExisting = (row: string) =>
  `UPDATE spot_counts SET version = version + 1 WHERE user_id = ${row}.user_id;`;

/* A spot's user never changes in the app; the triggers handle it anyway (moved = deleted
 * for the old user, created for the new one). Ids are never updated. */
const insertBody = bumpUpsert('new') + record('new', 'new', null) + prune('new', '1');
export const deleteBody = bumpExisting('old') + record('old', 'old', 'old') + prune('old', '1');
export const updateBody = (old: string, neu: string) => {
  const moved = `${old}.user_id <> ${neu}.user_id`;
  const same = `${old}.user_id = ${neu}.user_id`;
  return (
    bumpExisting(old) +
    bumpUpsert(neu) +
    record(old, old, old, moved) +
    record(neu, neu, old, same) +
    record(neu, neu, null, moved) +
    // The same user's version went up twice; a moved spot's users once each.
    prune(neu, `CASE WHEN ${same} THEN 2 ELSE 1 END`) +
    prune(old, '1', moved)
  );
};

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

/** PostgreSQL's row trigger function of this migration (migration 018's down restores it). */
export const postgresBumpFunction = `CREATE OR REPLACE FUNCTION gallery_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN ${insertBody}
    ELSIF TG_OP = 'DELETE' THEN ${deleteBody}
    ELSE ${updateBody('OLD', 'NEW')}
    END IF;
    RETURN NULL;
  END $$`;

export async function up(db: Kysely<any>): Promise<void> {
  // No foreign keys: rows are written while a user's spots are deleted by cascade.
  await db.schema
    .createTable('gallery_changes')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('spot_id', 'integer', (c) => c.notNull())
    .addColumn('old_rating', 'integer')
    .addColumn('old_visited', 'integer')
    .addColumn('old_type', 'text')
    .addColumn('old_city', 'text')
    .addColumn('old_country', 'text')
    .addPrimaryKeyConstraint('gallery_changes_pk', ['user_id', 'version'])
    .execute();
  if (isPostgres(db)) {
    await run(db, postgresBumpFunction);
    return;
  }
  const trigger = async (name: string, event: string, body: string) => {
    await run(db, `DROP TRIGGER ${name}`);
    await run(db, `CREATE TRIGGER ${name} AFTER ${event} ON reviews BEGIN ${body} END`);
  };
  await trigger('reviews_version_insert', 'INSERT', insertBody);
  await trigger('reviews_version_update', 'UPDATE', updateBody('old', 'new'));
  await trigger('reviews_version_delete', 'DELETE', deleteBody);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await run(
      db,
      `CREATE OR REPLACE FUNCTION gallery_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP IN ('UPDATE', 'DELETE') THEN ${bumpExisting('OLD')} END IF;
         IF TG_OP IN ('INSERT', 'UPDATE') THEN ${bumpUpsert('NEW')} END IF;
         RETURN NULL;
       END $$`,
    );
  } else {
    const trigger = async (name: string, event: string, body: string) => {
      await run(db, `DROP TRIGGER ${name}`);
      await run(db, `CREATE TRIGGER ${name} AFTER ${event} ON reviews BEGIN ${body} END`);
    };
    await trigger('reviews_version_insert', 'INSERT', bumpUpsert('new'));
    await trigger('reviews_version_update', 'UPDATE', bumpExisting('old') + bumpUpsert('new'));
    await trigger('reviews_version_delete', 'DELETE', bumpExisting('old'));
  }
  await db.schema.dropTable('gallery_changes').execute();
}
