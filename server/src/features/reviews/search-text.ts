import { normalizeText } from '@spotbook/contract';

const NON_WORD = /[^\p{L}\p{N}]+/u;
/** More words than this in one search box is noise, not a narrower search. */
const MAX_QUERY_WORDS = 8;

/** The distinct lower-cased, accent-free words of a text, in order of first use. */
export function searchWords(text: string): string[] {
  return [...new Set(normalizeText(text).split(NON_WORD).filter(Boolean))];
}

/**
 * What `reviews.search_norm` holds: the spot's words (place name, address, city, review
 * text) once each, separated by single spaces. The search index (migration 002) turns
 * every space into a word boundary, so this format is part of the index's contract.
 */
export function searchNorm(parts: readonly string[]): string {
  return searchWords(parts.join(' ')).join(' ');
}

/** The words of a search box; each must be the beginning of some word of the spot. */
export function queryWords(search: string | undefined): string[] {
  return search ? searchWords(search).slice(0, MAX_QUERY_WORDS) : [];
}

/*
 * The search index stores `{user_id}x{word}` terms (migration 002): a query for one
 * user's words is a prefix query on their terms. Words hold only letters and digits, so
 * they need no escaping inside the quotes.
 */

/**
 * SQLite FTS5 MATCH: every word must begin one of the user's terms. There the user id
 * has 10 digits (migration 010), so a one- or two-letter word is a prefix the index keeps.
 */
export const ftsMatchQuery = (userId: number, words: string[]) => {
  const user = String(userId).padStart(10, '0');
  return words.map((w) => `"${user}x${w}"*`).join(' AND ');
};

/**
 * A word of ASCII letters and digits: one whose case folding in SQLite's FTS tokenizer
 * cannot differ from JS's, so a search path testing words in SQL agrees with the FTS index.
 */
export const isAsciiWord = (word: string) => /^[a-z0-9]+$/.test(word);

/** PostgreSQL tsquery text, the same condition. */
export const pgTsQuery = (userId: number, words: string[]) =>
  words.map((w) => `'${userId}x${w}':*`).join(' & ');
