import { normalizeText } from '@spotbook/contract';

/**
 * Letters that Unicode does not decompose, so neither normalizeText nor FTS5's
 * remove_diacritics folds them: without this "lodz" would not find Łódź.
 */
const EXTRA_FOLDS: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const EXTRA_FOLD_PATTERN = new RegExp(`[${Object.keys(EXTRA_FOLDS).join('')}]`, 'g');

/** Queries longer than this many words are cut: nobody types more, and each word costs. */
export const MAX_QUERY_WORDS = 8;

/** "Musée d'Orsay" → ['musee', 'd', 'orsay']: the words both the index and queries use. */
export function searchWords(text: string): string[] {
  return normalizeText(text)
    .replace(EXTRA_FOLD_PATTERN, (c) => EXTRA_FOLDS[c] ?? c)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words joined by single spaces: what exact and prefix matches compare. */
export function searchKey(text: string): string {
  return searchWords(text).join(' ');
}

/**
 * An FTS5 expression in which every word must match the start of a word, optionally
 * within some columns: `{name alt} : ("sao"* "paulo"*)`. Words hold only letters and
 * digits, so quoting them is enough to keep FTS5 syntax out of user input.
 */
export function prefixMatchExpression(words: string[], columns?: string[]): string {
  const terms = words
    .slice(0, MAX_QUERY_WORDS)
    .map((w) => `"${w}"*`)
    .join(' ');
  return columns ? `{${columns.join(' ')}} : (${terms})` : terms;
}
