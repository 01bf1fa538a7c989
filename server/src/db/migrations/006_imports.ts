import type { Kysely } from 'kysely';
import { idColumn, isPostgres } from '../dialect.ts';

/**
 * Imports (issue 12, docs/decisions/018-import.md): the job and its rows live in the
 * database, so any app server answers GET, and a job whose server went away is taken up
 * again by another (lease_until) instead of hanging. Deleting the user deletes their
 * imports; deleting an import deletes its rows (FK cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const bigint = postgres ? 'bigint' : 'integer';
  const real = postgres ? 'double precision' : 'real';

  await idColumn(db, db.schema.createTable('imports'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    /** until when the server matching it holds the job; a later time means nobody does */
    .addColumn('lease_until', bigint, (c) => c.notNull().defaultTo(0))
    /** how many times a server has taken the job up: the job fails past a few */
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** the confirm's answer (JSON), given again to a second confirm */
    .addColumn('summary', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('imports_user_created')
    .on('imports')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('imports_status_lease')
    .on('imports')
    .columns(['status', 'lease_until'])
    .execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'integer', (c) =>
      c.notNull().references('imports.id').onDelete('cascade'),
    )
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('list_name', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('note_truncated', 'integer', (c) => c.notNull())
    .addColumn('lat', real)
    .addColumn('lng', real)
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('rating', 'integer')
    .addColumn('visited', 'integer')
    /** the place id the file names (our own exports), tried first */
    .addColumn('file_place_id', 'text')
    .addColumn('problem', 'text')
    /** 0 until the matcher has looked at the row */
    .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
    /** match.id, kept apart so the caller's spots join on it */
    .addColumn('match_place_id', 'text')
    /** the PlaceDetails of `match` and `candidates`, as JSON */
    .addColumn('match_json', 'text')
    .addColumn('candidates_json', 'text', (c) => c.notNull().defaultTo('[]'))
    /** the custom place to create at confirm (match.id is IMPORT_NEW_CUSTOM_PLACE_ID), as JSON */
    .addColumn('new_custom_json', 'text')
    .addColumn('decision', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rows_pk', ['import_id', 'idx'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
