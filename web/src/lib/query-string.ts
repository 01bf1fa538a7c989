export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

function isPresent(value: QueryValue): value is string | number | boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Appends query parameters to a path (spec §7: "a helper appends query parameters").
 * Undefined, null and empty values are skipped so callers can pass optional filters
 * as they are; arrays repeat the key. A path that already has a query is extended.
 */
export function withQuery(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (isPresent(value)) search.append(key, String(value));
    }
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
