import type { Db } from '../src/db/connection.ts';

/** The tables that hold a cache's version (migrations 004 and 009), by the key of their rows. */
const VERSION_KEYS = { spot_counts: 'user_id', lists: 'id' } as const;

/**
 * A version as the triggers left it, read straight from the database: a user's gallery
 * version (`spot_counts`: 0 before their first spot, which makes the row) or a list's.
 */
export async function storedVersion(
  db: Db,
  table: keyof typeof VERSION_KEYS,
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('version')
    .where(VERSION_KEYS[table], '=', id)
    .executeTakeFirst();
  return row?.version ?? 0;
}
