import type { VisitedFilter } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
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

const countersOf = compiledOnce((db, userId: number) =>
  db
    .selectFrom('spot_counts')
    .select(['version', 'total', 'visited'])
    .where('user_id', '=', userId),
);

/** Reads a user's version and counters: on a gallery request's path when the session didn't. */
export async function readSpotCounters(db: Db, userId: number): Promise<SpotCounters> {
  return (await countersOf(db, userId))[0] ?? noSpotCounters();
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
