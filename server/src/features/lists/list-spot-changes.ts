import type { Db } from '../../db/connection.ts';
import type { ListRecord } from './repository.ts';

/**
 * The spots whose writes moved `list` from version `since` to its own (migration 016), or
 * undefined when something the log doesn't record moved it too (the list row, its
 * entries, its owner), or the log no longer reaches back that far: each logged version
 * has one row, so the rows must be as many as the versions.
 */
export async function spotsChangedSince(
  db: Db,
  list: ListRecord,
  since: number,
): Promise<number[] | undefined> {
  const rows = await db
    .selectFrom('list_spot_changes')
    .select('spot_id')
    .where('list_id', '=', list.id)
    .where('version', '>', since)
    .where('version', '<=', list.version)
    .execute();
  if (rows.length !== list.version - since) return undefined;
  return [...new Set(rows.map((row) => row.spot_id))];
}
