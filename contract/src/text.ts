/** Strips accents and other combining marks: "São Paulo" → "Sao Paulo", "ﬁ" → "fi". */
export function foldAccents(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}+/gu, '');
}

/** Lower-cases and strips accents, so "São Paulo" and "sao paulo" compare equal. */
export function normalizeText(value: string): string {
  return foldAccents(value).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Cuts text to `max` characters with an ellipsis (cards, marker titles). */
export function truncate(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}

/** 'tourist_attraction' → 'Tourist Attraction' */
export function titleCaseType(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

const englishPlurals = new Intl.PluralRules('en-US');

/** The English word for `n` things: plural(1, 'spot') → 'spot', plural(3, 'spot') → 'spots'. */
export function plural(n: number, one: string, other = `${one}s`): string {
  return englishPlurals.select(n) === 'one' ? one : other;
}
