import type { Expression, SqlBool } from 'kysely';
import {
  seekRanges,
  SORT_KEYS,
  type GalleryQuery,
  type SortKey,
  type SortMark,
} from './sort-keys.ts';

/** One index range of the query's spots: `limit` entries after `offset`, in `keys`' order. */
export type ReadRange = (
  seek: Expression<SqlBool> | undefined,
  keys: SortKey[],
  offset: number,
  limit: number,
) => Promise<SortMark[]>;

/** How many entries one range has, counting no further than `cap`. */
export type CountRange = (seek: Expression<SqlBool>, cap: number) => Promise<number>;

/**
 * `limit` of the query's spots from `offset` entries past `from` (inclusive; the start of
 * the order when undefined), read by `range` from the query's index: a seek to the mark
 * instead of a walk of its position (gallery-positions.ts; gallery-index-walk.ts for the
 * plain order, gallery-word-walk.ts for a search's).
 *
 * From a mark, a rating order is two index ranges read one after the other: the rest of
 * the mark's rating, then the ratings after it. Both in one query (UNION ALL ordered by
 * range) made SQLite sort every entry of the first range. The first range pins every key
 * but id, so it is ordered by id alone: ordered by the low-rating expression too, SQLite
 * sorts it again (1–1.6 ms instead of 0.02 ms).
 */
export async function seekWalk(
  q: GalleryQuery,
  from: SortMark | undefined,
  offset: number,
  limit: number,
  range: ReadRange,
  countUpTo: CountRange,
): Promise<SortMark[]> {
  const order = SORT_KEYS[q.sortBy];
  if (from === undefined) return range(undefined, order, offset, limit);
  const [first, then] = seekRanges(q.sortBy, from);
  const rows = await range(first, order.slice(-1), offset, limit);
  if (then === undefined || rows.length === limit) return rows;
  // The first range ended within the page, or before it: how many entries it had.
  const skipped = rows.length > 0 ? offset : await countUpTo(first!, offset);
  return [...rows, ...(await range(then, order, offset - skipped, limit - rows.length))];
}
