import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/connection.ts';
import { isAsciiWord, queryWords } from './search-text.ts';
import { initialBit, walkedPage, type WalkMarks } from './gallery-word-walk.ts';
import { hasPlaceFilter, type GalleryQuery } from './sort-keys.ts';

/** The longest words migrations 012 and 013 count the spots of, in code points. */
const COUNTED_WORD_LETTERS = 12;

/** Longest walk of a sort index for one page before the search's matches are read instead. */
export const COUNTED_SEARCH_WALK_CAP = 8192;

/**
 * A one-letter search's walk reads index entries only (`initials`, migration 014), not
 * rows: it may go this many times further. "t" at offset 30,000 of 100,000 spots walks
 * ~46,000 entries: 3–5 ms on PostgreSQL, ~2 ms on SQLite (decision 004).
 */
const INDEX_ONLY_WALK_FACTOR = 8;

/** Whether `countedSearchPage` takes the query (it may still decline a long walk). */
export const isCountedSearch = (dialect: DialectName, q: GalleryQuery) =>
  countedWord(dialect, q) !== undefined;

/** The search's word when it is one word of up to twelve letters: what the counters count. */
export function countedWordOf(dialect: DialectName, words: string[]): string | undefined {
  if (words.length !== 1 || [...words[0]!].length > COUNTED_WORD_LETTERS) return;
  // SQLite's other search paths read its FTS index: a non-ASCII word goes their way in
  // every sort, so its count never depends on the sort.
  if (dialect === 'sqlite' && !isAsciiWord(words[0]!)) return;
  return words[0];
}

/** Such a word, with no filter but visited: what `countedSearchPage` serves. */
function countedWord(dialect: DialectName, q: GalleryQuery): string | undefined {
  if (!hasPlaceFilter(q)) return countedWordOf(dialect, queryWords(q.search));
}

/** The user's spots with a word beginning with `word`, of a counter column (migrations 011–013). */
export const prefixCount = (userId: number, word: string, column = 'spots') =>
  sql<number>`(select ${sql.raw(column)} from search_prefix_counts
    where user_id = ${userId} and prefix = ${word})`;

/**
 * A page of a search for one word ("t", "mu" at a search box's first keystrokes;
 * "garden", "sunset" as words), alone or with the visited filter, in any sort, without
 * reading its matches. On PostgreSQL, through the GIN index, every match's row is read from
 * the heap to count them and to sort them ("t", 64,569 of 100,000 spots: 140–190 ms on a
 * first request; "garden", 9,348: 27–56 ms); SQLite read the set of matches from its FTS
 * index and, with the visited filter, built the whole filtered order ("garden" visited:
 * 8–12 ms). Here the count is the prefix's counter (migrations 011–013), and the page
 * comes from walking the query's sort index, testing each spot's words, until the page is
 * full: about (offset + limit) × spots / matches rows, counted from the nearer end of the
 * order or from a kept mark (`kept`). Undefined when that is too long (deep pages, rarer
 * words: `isWalkShort`), or when the search is not such a search. Only marks are kept
 * (decision 004,
 * "Searches of one word on PostgreSQL", "SQLite counts one-word searches too"; the walk is
 * gallery-word-walk.ts).
 */
export async function countedSearchPage(
  db: Db,
  dialect: DialectName,
  userId: number,
  q: GalleryQuery,
  cap = COUNTED_SEARCH_WALK_CAP,
  kept?: WalkMarks,
): Promise<{ ids: number[]; count: number } | undefined> {
  const word = countedWord(dialect, q);
  if (word === undefined) return;
  const column = { both: 'spots', true: 'visited', false: 'spots - visited' }[q.visited];
  const walkCap = initialBit(word) === undefined ? cap : cap * INDEX_ONLY_WALK_FACTOR;
  const matches = prefixCount(userId, word, column);
  return walkedPage(db, dialect, userId, q, [word], matches, walkCap, kept);
}
