import type { VisitedFilter } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { perDatabase } from '../../db/per-database.ts';
import { perTurnLoader } from '../../db/per-turn-loader.ts';
import { queryWords } from './search-text.ts';
import { hasPlaceFilter, type GalleryQuery } from './sort-keys.ts';

/**
 * A user's gallery version (`spot_counts.version`, bumped by triggers on every write of one
 * of their spots, migration 004) and their spot counters at that version, read in one
 * statement: the counts of all, visited and not visited spots are then those of exactly
 * that version, which a gallery page may keep for it without reading the version again.
 */
export interface SpotCounters {
  version: number;
  total: number;
  visited: number;
}

/** Before a user's first spot they have no `spot_counts` row. */
export const noSpotCounters = (): SpotCounters => ({ version: 0, total: 0, visited: 0 });

const countersIn = compiledOnce((db, userIds: number[]) =>
  db
    .selectFrom('spot_counts')
    .select(['user_id', 'version', 'total', 'visited'])
    .where('user_id', 'in', userIds),
);

/**
 * The counters of the users asked in one turn of the event loop, read in one statement
 * (decision 023, session 29): under load a turn ends several gallery requests, each of
 * which reads its user's version once more to keep what it found (gallery.ts, `keepFound`).
 * A read asked after a request's walks were answered goes out after them, so it still
 * tells whether a write landed meanwhile.
 */
const countersByUser = perDatabase((db: Db) =>
  perTurnLoader<number, SpotCounters>(async (userIds) => {
    const rows = await countersIn(db, userIds);
    return new Map(rows.map(({ user_id, ...counters }) => [user_id, counters]));
  }, 64),
);

/** Reads a user's version and counters: on a gallery request's path when the session didn't. */
export async function readSpotCounters(db: Db, userId: number): Promise<SpotCounters> {
  return (await countersByUser(db)(userId)) ?? noSpotCounters();
}

/** Whether the query's count is one of the counters: no search words, no place filter. */
export const isCountedByCounters = (q: GalleryQuery) =>
  !hasPlaceFilter(q) && queryWords(q.search).length === 0;

/** All spots, or the visited or not visited ones, from the counters. */
export const countedBy = (visited: VisitedFilter, counters: Omit<SpotCounters, 'version'>) =>
  visited === 'both'
    ? counters.total
    : visited === 'true'
      ? counters.visited
      : counters.total - counters.visited;
