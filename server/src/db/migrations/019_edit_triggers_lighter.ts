import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import {
  bumpAndLog as migration016BumpAndLog,
  LIST_CHANGES_KEPT,
  LIST_CHANGES_TRIM_EVERY,
  TRIGGERS as LIST_TRIGGERS,
} from './016_list_spot_changes.ts';

/**
 * PostgreSQL: an edit's two lighter row triggers (decision 023, session 32). What they
 * write is the same; SQLite's triggers are statements of their own and stay as they are.
 *
 * - **The counts** (`spot_counts_sync`, migration 002) ran on every edit, because the
 *   spot page's form always sends `visited` and a trigger `UPDATE OF visited` fires when
 *   the column is in the `SET`, changed or not. An edit's counts move only when `visited`
 *   or the owner changes: the update's trigger gets a `WHEN` saying so, in a trigger of its
 *   own (a `WHEN` on `OLD` can't be on the `INSERT`'s).
 * - **The lists' versions** (`list_version_spot_update` and the photos' triggers,
 *   migrations 009 and 016): three statements per spot, each finding the spot's list
 *   entries again (bump, log, trim), are one: the bump returns the lists and versions it
 *   wrote, the log and the trim read those.
 */

/** One statement: migration 016's bump, log and trim of every list holding `spot`. */
const bumpAndLog = (spot: string) =>
  `WITH bumped AS (
     UPDATE lists SET version = version + 1
       WHERE id IN (SELECT list_id FROM list_reviews WHERE review_id = ${spot})
       RETURNING id, version
   ), logged AS (
     INSERT INTO list_spot_changes (list_id, version, spot_id)
       SELECT id, version, ${spot} FROM bumped
   )
   DELETE FROM list_spot_changes AS c USING bumped AS b
     WHERE c.list_id = b.id AND b.version % ${LIST_CHANGES_TRIM_EVERY} = 0
       AND c.version <= b.version - ${LIST_CHANGES_KEPT};`;

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

const setListFunctions = async (db: Kysely<any>, bump: (spot: string) => string) => {
  for (const [name, , body] of LIST_TRIGGERS) {
    await run(
      db,
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN ${body(bump)} RETURN NULL; END $$`,
    );
  }
};

const countsTrigger = (name: string, events: string, when = '') =>
  `CREATE TRIGGER ${name} AFTER ${events} ON reviews FOR EACH ROW ${when}
   EXECUTE FUNCTION spot_counts_sync()`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await setListFunctions(db, bumpAndLog);
  await run(db, 'DROP TRIGGER spot_counts_sync ON reviews');
  await run(db, countsTrigger('spot_counts_sync', 'INSERT OR DELETE'));
  await run(
    db,
    countsTrigger(
      'spot_counts_sync_update',
      'UPDATE OF user_id, visited',
      'WHEN (OLD.visited IS DISTINCT FROM NEW.visited OR OLD.user_id IS DISTINCT FROM NEW.user_id)',
    ),
  );
}

/** Migration 016's three statements a spot, 002's one trigger of the counts. */
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await setListFunctions(db, migration016BumpAndLog);
  await run(db, 'DROP TRIGGER spot_counts_sync_update ON reviews');
  await run(db, 'DROP TRIGGER spot_counts_sync ON reviews');
  await run(
    db,
    countsTrigger('spot_counts_sync', 'INSERT OR DELETE OR UPDATE OF user_id, visited'),
  );
}
