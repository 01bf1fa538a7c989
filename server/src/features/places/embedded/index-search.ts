import type Database from 'better-sqlite3';
import { PLACE_SEARCH_LIMITS } from '@spotbook/contract';
import type { LatLng, ProviderPlace } from '../provider.ts';
import { mapsSearchUrl } from '../place-text.ts';
import { objectRows } from '../../../db/row-objects.ts';
import { extractCandidates } from './extract-search.ts';
import { cellsAround, isInBox } from './grid.ts';
import {
  RANKING_COLUMNS,
  rankAreas,
  rankNear,
  type ParsedQuery,
  type PlaceRow,
  type RankingColumns,
} from './ranking.ts';
import { prefixMatchExpression, searchWords } from './search-text.ts';

/** How many matches, most important first, are ranked for an area search. */
const AREA_CANDIDATES = 64;
/** How many airport and landmark matches are ranked (after the areas) for kind=city. */
const POI_CANDIDATES = 16;
/** How many built-in matches in the cells around the point are ranked for a place search. */
const NEARBY_CANDIDATES = 400;

export interface IndexSearch {
  /** kind=city: cities, regions and countries, then airports and landmarks by name */
  searchCities(query: string, limit?: number): ProviderPlace[];
  /** kind=place: towns, airports and landmarks within the box around `near` */
  searchPlaces(query: string, near: LatLng, limit?: number): ProviderPlace[];
  getPlace(id: string): ProviderPlace | null;
}

/** The searches of an open index file, as prepared statements. */
export function searchFunctions(db: Database.Database): IndexSearch {
  const metaNumber = (key: string) =>
    Number(db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key));
  const firstAreaPos = metaNumber('first_area_pos');
  // Rows from OpenStreetMap extracts come last: place search finds them near a point,
  // city search (choosing an area) leaves them out.
  const lastAreaPos = metaNumber('first_extract_pos') - 1;
  // Rowids put points of interest first, then areas by importance: the first matches
  // of each range are the ones worth ranking, however many a short prefix has.
  // Rows as arrays made objects here (db/row-objects.ts): a search reads up to 400.
  // `LIMIT ? + 0`: planned once, not on every run as a bare `?` (db/limits-at-run-time.ts).
  const firstMatches = objectRows(
    db.prepare<[string, number, number, number], RankingColumns>(`
    SELECT ${RANKING_COLUMNS} FROM (
      SELECT rowid AS pos FROM places_fts
      WHERE places_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid LIMIT ? + 0
    ) AS m JOIN places AS p ON p.pos = m.pos`),
  );
  const named = objectRows(
    db.prepare<[string, number], RankingColumns>(
      `SELECT ${RANKING_COLUMNS} FROM places AS p WHERE name_key = ? AND pos <= ? LIMIT 50`,
    ),
  );
  const matchesInCells = objectRows(
    db.prepare<[string, number], RankingColumns>(`
    SELECT ${RANKING_COLUMNS} FROM (SELECT rowid AS pos FROM places_fts WHERE places_fts MATCH ? LIMIT ? + 0) AS m
    JOIN places AS p ON p.pos = m.pos`),
  );
  // Rows of OpenStreetMap extracts have their own full-text table (extract-search.ts).
  const fromExtracts = extractCandidates(db);
  const byId = objectRows(db.prepare<[string], PlaceRow>('SELECT * FROM places WHERE id = ?'));
  const byPos = objectRows(db.prepare<[number], PlaceRow>('SELECT * FROM places WHERE pos = ?'));
  // Candidates are ranked on a few columns; only the winners are read whole.
  const details = (ranked: RankingColumns[]) => ranked.map((r) => toPlace(byPos.get(r.pos)!));

  return {
    searchCities(text: string, limit: number = PLACE_SEARCH_LIMITS.city): ProviderPlace[] {
      const query = parseQuery(text);
      if (!query) return [];
      const expression = prefixMatchExpression(query.words, ['name', 'alt']);
      const rows = new Map<number, RankingColumns>();
      const found = [
        ...named.all(query.key, lastAreaPos),
        ...firstMatches.all(expression, firstAreaPos, lastAreaPos, AREA_CANDIDATES),
        ...firstMatches.all(expression, 1, firstAreaPos - 1, POI_CANDIDATES),
      ];
      for (const row of found) rows.set(row.pos, row);
      return details(rankAreas([...rows.values()], query).slice(0, limit));
    },

    searchPlaces(text: string, near: LatLng, limit: number = PLACE_SEARCH_LIMITS.place) {
      const query = parseQuery(text);
      if (!query) return [];
      const words = prefixMatchExpression(query.words, ['name', 'alt', 'category']);
      const builtIn = matchesInCells.all(
        `${words} AND {cell} : (${cellsAround(near).join(' OR ')})`,
        NEARBY_CANDIDATES,
      );
      // Rowids order built-in matches by importance: the first of the box are the most
      // important. Towns, airports and landmarks are ranked together with the POIs.
      const rows = new Map<number, RankingColumns>();
      for (const row of builtIn) if (isInBox(row, near)) rows.set(row.pos, row);
      for (const row of fromExtracts(query.words, near)) rows.set(row.pos, row);
      return details(rankNear([...rows.values()], query, near).slice(0, limit));
    },

    getPlace(id: string): ProviderPlace | null {
      const row = byId.get(id);
      return row ? toPlace(row) : null;
    },
  };
}

function parseQuery(text: string): ParsedQuery | null {
  const words = searchWords(text);
  return words.length ? { key: words.join(' '), words } : null;
}

function toPlace(row: PlaceRow): ProviderPlace {
  return {
    id: row.id,
    displayName: row.name,
    formattedAddress: row.address,
    city: row.city,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    primaryType: row.primary_type,
    websiteURI: row.website,
    googleMapsURI: mapsSearchUrl(row.lat, row.lng),
    editorialSummary: row.summary,
    previewImageUrl: '',
    cached_preview_image: '',
    photoRef: '',
  };
}
