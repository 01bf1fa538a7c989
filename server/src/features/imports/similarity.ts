import { distance } from 'fastest-levenshtein';
import { normalizeText } from '@spotbook/contract';

/** Lower-case, accents stripped, punctuation to spaces: "Café de Flore!" → "cafe de flore". */
function comparable(name: string): string {
  return normalizeText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * How alike two place names are, 0 (nothing alike) to 1 (the same once folded): the
 * edit-distance ratio, or 0.85 when every word of the shorter name is in the longer
 * ("Louvre" and "Louvre Museum"), which an edit distance undervalues.
 */
export function nameSimilarity(a: string, b: string): number {
  const x = comparable(a);
  const y = comparable(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const ratio = 1 - distance(x, y) / Math.max(x.length, y.length);
  const [shorter, longer] = x.length <= y.length ? [x, y] : [y, x];
  const words = new Set(longer.split(' '));
  const contained = shorter.split(' ').every((w) => words.has(w)) ? 0.85 : 0;
  return Math.max(ratio, contained);
}

/**
 * A row with coordinates takes the nearby place of the most similar name when the names
 * are at least this alike (250 m already says a lot); a row with only a name needs more.
 */
export const SIMILAR_NEARBY = 0.5;
export const SIMILAR_BY_NAME = 0.8;
