import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PHOTO_COLUMNS_SHOWN, SPOT_COLUMNS_SHOWN } from './009_list_versions.ts';

/**
 * Which spot moved a list's version (docs/decisions/023-workers-and-mixed-load.md, "A list
 * answer patched"). Migration 009's triggers move `lists.version` when a spot on the list,
 * or a photo of one, changes; the ones here do the same and also log, per list, the
 * version that write made and the spot. A list's build thread keeps the last answer it
 * built in blocks; when every version between it and the one asked for is logged here, it
 * re-presents only the logged spots instead of the whole list. Versions moved by anything
 * else (the list row, its entries, the owner) are not logged, so a reader meets a gap
 * and builds the whole answer, as before.
 *
 * `list_answers` (migration 015) gets the layout of each stored answer's blocks
 * (lib/gzip-blocks.ts), so a process whose build thread holds no answer of a list patches
 * from the stored one instead of building the whole list.
 *
 * Trimmed as the gallery's log is (migration 008): a logged write whose version reaches a
 * multiple of `LIST_CHANGES_TRIM_EVERY` forgets the list's rows older than
 * `LIST_CHANGES_KEPT` versions. No foreign key (rows are written while spots and lists are
 * deleted by cascade): a list's rows go with it by a trigger.
 */
export const LIST_CHANGES_KEPT = 256;
export const LIST_CHANGES_TRIM_EVERY = 32;

const listsOf = (spot: string) => `SELECT list_id FROM list_reviews WHERE review_id = ${spot}`;

/** Migration 009's bump of every list holding `spot`, then its log row and trim. */
export const bumpAndLog = (spot: string) =>
  `UPDATE lists SET version = version + 1 WHERE id IN (${listsOf(spot)});
   INSERT INTO list_spot_changes (list_id, version, spot_id)
     SELECT id, version, ${spot} FROM lists WHERE id IN (${listsOf(spot)});
   DELETE FROM list_spot_changes
     WHERE list_id IN (SELECT id FROM lists
       WHERE id IN (${listsOf(spot)}) AND version % ${LIST_CHANGES_TRIM_EVERY} = 0)
     AND version <= (SELECT l.version - ${LIST_CHANGES_KEPT} FROM lists l
       WHERE l.id = list_spot_changes.list_id);`;
const bumpOnly = (spot: string) =>
  `UPDATE lists SET version = version + 1 WHERE id IN (${listsOf(spot)});`;

/** [migration 009's trigger, its table and event, its body with logging, its body before] */
type Trigger = [name: string, on: string, body: (bump: (spot: string) => string) => string];
export const TRIGGERS: Trigger[] = [
  [
    'list_version_spot_update',
    `UPDATE OF ${SPOT_COLUMNS_SHOWN.join(', ')} ON reviews`,
    (bump) => bump('NEW.id'),
  ],
  ['list_version_photo_insert', 'INSERT ON photos', (bump) => bump('NEW.review_id')],
  ['list_version_photo_delete', 'DELETE ON photos', (bump) => bump('OLD.review_id')],
  [
    'list_version_photo_update',
    `UPDATE OF ${PHOTO_COLUMNS_SHOWN.join(', ')} ON photos`,
    (bump) => bump('NEW.review_id') + bump('OLD.review_id'),
  ],
];
const FORGET_LIST = 'DELETE FROM list_spot_changes WHERE list_id = OLD.id;';

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

async function replaceTriggers(db: Kysely<any>, bump: (spot: string) => string) {
  for (const [name, on, body] of TRIGGERS) {
    if (isPostgres(db)) {
      // The trigger itself (migration 009) calls the function of its name.
      await run(
        db,
        `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${body(bump)} RETURN NULL; END $$`,
      );
    } else {
      await run(db, `DROP TRIGGER ${name}`);
      await run(db, `CREATE TRIGGER ${name} AFTER ${on} BEGIN ${body(bump)} END`);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // A SQLite down leaves the column (see there); up then finds it.
  const left =
    !isPostgres(db) &&
    (await sql`SELECT 1 FROM pragma_table_info('list_answers') WHERE name = 'layout'`.execute(db))
      .rows.length > 0;
  if (!left) await db.schema.alterTable('list_answers').addColumn('layout', 'text').execute();
  await db.schema
    .createTable('list_spot_changes')
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('spot_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_spot_changes_pk', ['list_id', 'version'])
    .execute();
  await replaceTriggers(db, bumpAndLog);
  if (isPostgres(db)) {
    await run(
      db,
      `CREATE FUNCTION list_spot_changes_forget() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN ${FORGET_LIST} RETURN NULL; END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER list_spot_changes_forget AFTER DELETE ON lists FOR EACH ROW
       EXECUTE FUNCTION list_spot_changes_forget()`,
    );
  } else {
    await run(
      db,
      `CREATE TRIGGER list_spot_changes_forget AFTER DELETE ON lists BEGIN ${FORGET_LIST} END`,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceTriggers(db, bumpOnly);
  if (isPostgres(db)) {
    await run(db, 'DROP TRIGGER list_spot_changes_forget ON lists');
    await run(db, 'DROP FUNCTION list_spot_changes_forget()');
  } else {
    await run(db, 'DROP TRIGGER list_spot_changes_forget');
  }
  await db.schema.dropTable('list_spot_changes').execute();
  // SQLite re-checks every trigger on DROP COLUMN and trips over the upsert alias of
  // migration 002's triggers (as migration 009 found); there the unused column stays.
  if (isPostgres(db)) await db.schema.alterTable('list_answers').dropColumn('layout').execute();
}
