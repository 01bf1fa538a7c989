import { type Kysely, type CreateTableBuilder } from 'kysely';
import { idColumn, isPostgres } from '../dialect.ts';

/** Every table of the product; later migrations only add indexes or columns. */
export async function up(db: Kysely<any>): Promise<void> {
  const bigint = isPostgres(db) ? 'bigint' : 'integer';
  const real = isPostgres(db) ? 'double precision' : 'real';
  const table = (name: string): CreateTableBuilder<string, never> => db.schema.createTable(name);

  await idColumn(db, table('users'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_norm', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_norm', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('password_changed_at', bigint, (c) => c.notNull())
    .execute();

  await table('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await table('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await table('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', bigint, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', bigint, (c) => c.notNull())
    .execute();

  await table('places')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('formatted_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lat', real, (c) => c.notNull())
    .addColumn('lng', real, (c) => c.notNull())
    .addColumn('primary_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('google_maps_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('editorial_summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cached_preview_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await idColumn(db, table('reviews'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('place_id', 'text', (c) => c.notNull().references('places.id'))
    .addColumn('review', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('place_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place_city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('place_country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_norm', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('reviews_user_place', ['user_id', 'place_id'])
    .execute();
  await db.schema
    .createIndex('reviews_user_created')
    .on('reviews')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await idColumn(db, table('lists'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shareable_by_link', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lists_user')
    .on('lists')
    .columns(['user_id', 'created_at'])
    .execute();

  await table('list_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .execute();

  await idColumn(db, table('list_reviews'))
    .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('review_id', 'integer', (c) =>
      c.notNull().references('reviews.id').onDelete('cascade'),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('added_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('list_reviews_list_review', ['list_id', 'review_id'])
    .execute();
  await db.schema
    .createIndex('list_reviews_list_added')
    .on('list_reviews')
    .columns(['list_id', 'added_at'])
    .execute();
  await db.schema
    .createIndex('list_reviews_review')
    .on('list_reviews')
    .column('review_id')
    .execute();

  await idColumn(db, table('saved_lists'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('saved_lists_user_list', ['user_id', 'list_id'])
    .execute();
  await db.schema.createIndex('saved_lists_list').on('saved_lists').column('list_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial migration is not reversible');
}
