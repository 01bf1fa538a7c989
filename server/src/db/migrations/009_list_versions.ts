import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * A version per list (docs/decisions/023-workers-and-mixed-load.md, "List answers cached per
 * version"): `lists.version` goes up, by triggers, on every write that changes what
 * `GET /api/lists/list/:key/` answers, whichever app server or code path wrote:
 *
 * - the list row itself (name, description, sharing, slug);
 * - its entries (`list_reviews`: added, removed, notes; also by FK cascade when a spot or
 *   the list goes);
 * - a spot on it (`reviews` UPDATE) or a photo of such a spot (`photos`);
 * - the owner's username (never changed by the app today; kept honest anyway).
 *
 * Updates of spots and photos bump only when they set a column the answer shows
 * (`UPDATE OF`, below): a spot's gallery copies of its place and its search words, or a
 * photo's bytes and ETag, are not in the answer. Places are written once and never updated
 * (migration 004), so they need no trigger.
 *
 * App servers keep a list's JSON with the version it was built at and serve it only while
 * the list row still holds that version: the version comes with the row they read anyway.
 */

/** The `reviews` columns the answer shows (presentSpot; `place_id` picks the place shown). */
export const SPOT_COLUMNS_SHOWN = [
  'id',
  'user_id',
  'place_id',
  'review',
  'rating',
  'visited',
  'created_at',
  'updated_at',
] as const;
/** The `photos` columns the answer shows or orders by (photosOfSpots, presentPhoto). */
export const PHOTO_COLUMNS_SHOWN = ['id', 'review_id', 'position', 'width', 'height'] as const;

const bumpList = (listId: string) => `UPDATE lists SET version = version + 1 WHERE id = ${listId};`;
const bumpListsOfSpot = (spotId: string) =>
  `UPDATE lists SET version = version + 1
   WHERE id IN (SELECT list_id FROM list_reviews WHERE review_id = ${spotId});`;
const bumpListsOfUser = (userId: string) =>
  `UPDATE lists SET version = version + 1 WHERE user_id = ${userId};`;

/** [trigger name, table and event, body with `row` standing for NEW or OLD] */
type Trigger = [name: string, on: string, body: (neu: string, old: string) => string];
const TRIGGERS: Trigger[] = [
  ['list_version_entry_insert', 'INSERT ON list_reviews', (n) => bumpList(`${n}.list_id`)],
  ['list_version_entry_delete', 'DELETE ON list_reviews', (_, o) => bumpList(`${o}.list_id`)],
  [
    'list_version_entry_update',
    'UPDATE ON list_reviews',
    (n, o) => `UPDATE lists SET version = version + 1 WHERE id IN (${n}.list_id, ${o}.list_id);`,
  ],
  [
    'list_version_spot_update',
    `UPDATE OF ${SPOT_COLUMNS_SHOWN.join(', ')} ON reviews`,
    (n) => bumpListsOfSpot(`${n}.id`),
  ],
  ['list_version_photo_insert', 'INSERT ON photos', (n) => bumpListsOfSpot(`${n}.review_id`)],
  ['list_version_photo_delete', 'DELETE ON photos', (_, o) => bumpListsOfSpot(`${o}.review_id`)],
  [
    'list_version_photo_update',
    `UPDATE OF ${PHOTO_COLUMNS_SHOWN.join(', ')} ON photos`,
    (n, o) => bumpListsOfSpot(`${n}.review_id`) + bumpListsOfSpot(`${o}.review_id`),
  ],
  ['list_version_owner', 'UPDATE OF username ON users', (n) => bumpListsOfUser(`${n}.id`)],
];

const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  // A SQLite down leaves the column (see there); up then finds it.
  const left =
    !isPostgres(db) &&
    (await sql`SELECT 1 FROM pragma_table_info('lists') WHERE name = 'version'`.execute(db)).rows
      .length > 0;
  if (!left) {
    await db.schema
      .alterTable('lists')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  if (isPostgres(db)) {
    // The list row's own writes: a BEFORE trigger moves the version in the same row write.
    await run(
      db,
      `CREATE FUNCTION list_version_row() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN NEW.version := OLD.version + 1; RETURN NEW; END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER list_version_row BEFORE UPDATE ON lists FOR EACH ROW
       WHEN (OLD.version = NEW.version) EXECUTE FUNCTION list_version_row()`,
    );
    for (const [name, on, body] of TRIGGERS) {
      await run(
        db,
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${body('NEW', 'OLD')} RETURN NULL; END $$`,
      );
      await run(db, `CREATE TRIGGER ${name} AFTER ${on} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
    }
    return;
  }
  // SQLite can't assign NEW: the row's own update bumps it once more, unless a trigger
  // here already did (recursive triggers are off, and the WHEN stops them anyway).
  await run(
    db,
    `CREATE TRIGGER list_version_row AFTER UPDATE ON lists WHEN old.version = new.version
     BEGIN ${bumpList('new.id')} END`,
  );
  for (const [name, on, body] of TRIGGERS) {
    await run(db, `CREATE TRIGGER ${name} AFTER ${on} BEGIN ${body('new', 'old')} END`);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [name, on] of [['list_version_row', 'UPDATE ON lists'], ...TRIGGERS] as const) {
    const table = on.split(' ON ')[1]!;
    await run(db, postgres ? `DROP TRIGGER ${name} ON ${table}` : `DROP TRIGGER ${name}`);
    if (postgres) await run(db, `DROP FUNCTION ${name}()`);
  }
  // SQLite re-checks every trigger on DROP COLUMN and trips over the upsert alias of
  // migration 002's triggers; there the unused column (default 0) stays.
  if (postgres) await db.schema.alterTable('lists').dropColumn('version').execute();
}
