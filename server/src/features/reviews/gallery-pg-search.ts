import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { queryWords } from './search-text.ts';
import { matchesAndTotal, wordWalkPage } from './gallery-word-walk.ts';
import { isSearchOnly, type GalleryQuery } from './sort-keys.ts';

/** The longest words migration 011 counts the spots of, in code points (as `left`). */
const SHORT_WORD_LETTERS = 3;

/** Longest walk of a sort index for one page before the GIN index is used instead. */
export const SHORT_SEARCH_WALK_CAP = 8192;

/**
 * PostgreSQL: a page of a search for one word of one to three letters ("t", "mu" at a
 * search box's first keystrokes; "bar", "spa" as words) with no other filter, in any sort,
 * without reading its matches. Through the GIN index every match's row is read from the
 * heap, to count them and to sort them ("t", 64,569 of 100,000 spots: 140–190 ms on a
 * first request). Here the count is the prefix's counter (migration 011), and the page
 * comes from walking the query's sort index, testing each spot's words, until the page is
 * full: about (offset + limit) × spots / matches rows. Undefined when that passes `cap`
 * rows (deep pages, rare prefixes; few matches are cheap through the GIN index), or when
 * the search is not such a search. Nothing is kept: each page is read again (decision
 * 004, "Short searches on PostgreSQL"; the walk is gallery-word-walk.ts).
 */
export async function shortSearchPage(
  db: Db,
  userId: number,
  q: GalleryQuery,
  cap = SHORT_SEARCH_WALK_CAP,
): Promise<{ ids: number[]; count: number } | undefined> {
  const words = queryWords(q.search);
  if (!isSearchOnly(q) || words.length !== 1 || [...words[0]!].length > SHORT_WORD_LETTERS) return;
  const word = words[0]!;
  const matchesSql = sql<number>`(select spots from search_prefix_counts
    where user_id = ${userId} and prefix = ${word})`;
  const { matches, total } = await matchesAndTotal(db, userId, matchesSql);
  if (q.offset >= matches) return { ids: [], count: matches };
  if ((q.offset + q.limit) * total > cap * matches) return;
  // The count again beside the page: one statement sees one snapshot of both.
  const page = await wordWalkPage(db, 'postgres', userId, q, [word], matchesSql);
  return { ids: page.ids, count: page.count ?? matches };
}
