import type { LatLng } from '../provider.ts';

/** A row of the `places` table as the search statements read it. */
export interface PlaceRow {
  pos: number;
  id: string;
  kind: string;
  name: string;
  name_key: string;
  /** '|new york|russia|': other names, folded, between bars */
  alt_keys: string;
  /** '|jfk|kjfk|' */
  codes: string;
  address: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  primary_type: string;
  website: string;
  summary: string;
  rank_population: number;
  /** '|cafe|coffeehouse|': what people call its category */
  category_key: string;
}

/** What ranking reads of each candidate (the `p.` alias is the places table). */
export const RANKING_COLUMNS =
  'p.pos, p.kind, p.name_key, p.alt_keys, p.codes, p.lat, p.lng, p.rank_population, p.category_key';
export type RankingColumns = Pick<
  PlaceRow,
  | 'pos'
  | 'kind'
  | 'name_key'
  | 'alt_keys'
  | 'codes'
  | 'lat'
  | 'lng'
  | 'rank_population'
  | 'category_key'
>;

export interface ParsedQuery {
  /** the folded words, joined by single spaces */
  key: string;
  words: string[];
}

/**
 * How well a row matches, best first: 0 the name, another name or a code equals the
 * query; 1 a name starts with it, or its words are whole words of what the category
 * is called ("cafe", "ice cream", "ramen" for a Ramen Restaurant: the nearest of
 * those should come before a far "Café de Flore"); 2 every word starts a word of the
 * name; 3 of the name or other names; 4 anything else (a category term, a prefix of
 * a category word).
 */
export function matchTier(
  row: RankingColumns,
  query: ParsedQuery,
  useAltNames = true,
  useCategory = false,
): number {
  const alt = useAltNames ? row.alt_keys : '||';
  const whole = `|${query.key}|`;
  if (row.name_key === query.key || alt.includes(whole) || row.codes.includes(whole)) return 0;
  if (row.name_key.startsWith(query.key) || alt.includes(`|${query.key}`)) return 1;
  if (useCategory && isCategoryName(row.category_key, query.words)) return 1;
  const everyWordStarts = (words: string[]) =>
    query.words.every((q) => words.some((w) => w.startsWith(q)));
  const nameWords = row.name_key.split(' ');
  if (everyWordStarts(nameWords)) return 2;
  if (everyWordStarts([...nameWords, ...alt.split(/[| ]/)])) return 3;
  return 4;
}

const AREA_KINDS: Record<string, number> = { city: 0, region: 1, country: 2 };

/**
 * kind=city: cities, regions and countries by match quality then population (a city
 * before the region named like it). Airports and landmarks follow areas of the same
 * quality, and only when their own name or code matches ("JFK", "Eiffel Tower"):
 * airport keywords such as "NYC" must not push them ahead of the city.
 */
export function rankAreas<T extends RankingColumns>(rows: T[], query: ParsedQuery): T[] {
  return rows
    .flatMap((row) => {
      const isArea = row.kind in AREA_KINDS;
      const tier = matchTier(row, query, isArea);
      return isArea || tier <= 2 ? [{ row, tier, group: isArea ? 0 : 1 }] : [];
    })
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.group - b.group ||
        b.row.rank_population - a.row.rank_population ||
        (AREA_KINDS[a.row.kind] ?? 3) - (AREA_KINDS[b.row.kind] ?? 3) ||
        a.row.pos - b.row.pos,
    )
    .map(({ row }) => row);
}

/** kind=place: match quality, then distance from the point, then population. */
export function rankNear<T extends RankingColumns>(
  rows: T[],
  query: ParsedQuery,
  near: LatLng,
): T[] {
  const cosLat = Math.cos((near.lat * Math.PI) / 180);
  // Equirectangular distance: exact enough inside a 0.3° box, and cheap.
  const distance = (row: RankingColumns) =>
    (row.lat - near.lat) ** 2 + ((row.lng - near.lng) * cosLat) ** 2;
  return rows
    .map((row) => ({ row, tier: matchTier(row, query, true, true), distance: distance(row) }))
    .sort(
      (a, b) =>
        a.tier - b.tier || a.distance - b.distance || b.row.rank_population - a.row.rank_population,
    )
    .map(({ row }) => row);
}

function isCategoryName(categoryKey: string, queryWords: string[]): boolean {
  if (categoryKey === '||') return false;
  const words = categoryKey.split(/[| ]/);
  return queryWords.every((q) => words.includes(q));
}
