import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Rate-limit counters count attempts before the guarded work, in one upsert, and end with
 * their window (docs/decisions/011-brute-force.md): a row is (key, count, expires_at), so
 * housekeeping deletes `expires_at <= now` without knowing each rule's window. The rows
 * are short-lived counters, so the old table is replaced rather than converted.
 *
 * Also indexes the expiry of sessions and reset tokens, which housekeeping purges hourly.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bigint = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema.dropTable('rate_limits').execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_expires')
    .on('rate_limits')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('password_reset_tokens_expires')
    .on('password_reset_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const bigint = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema.dropIndex('password_reset_tokens_expires').execute();
  await db.schema.dropIndex('sessions_expires').execute();
  await db.schema.dropTable('rate_limits').execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', bigint, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', bigint, (c) => c.notNull())
    .execute();
}
