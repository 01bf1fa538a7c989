import { areaRows } from './area-rows.ts';
import { createGazetteer } from './gazetteer.ts';
import { airportRows, landmarkRows } from './poi-rows.ts';
import type { Sources } from './sources.ts';

export type PlaceKind = 'country' | 'region' | 'city' | 'airport' | 'landmark';

/** One searchable place, as the builder writes it. */
export interface IndexRow {
  id: string;
  kind: PlaceKind;
  name: string;
  /** other names ("New York" for New York City, "Russia"); matched, never shown */
  altNames: string[];
  /** codes typed on their own: IATA and ICAO for airports, ISO codes for countries */
  codes: string[];
  /** type words ("art gallery") so categories are searchable */
  category: string;
  address: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  primaryType: string;
  website: string;
  summary: string;
  /** population used for ranking (a region's or country's is that of its biggest city) */
  rankPopulation: number;
}

/**
 * All rows in the order they get their rowids: the few thousand points of interest,
 * then areas most populous first. FTS5 returns matches in rowid order, so "the first
 * N matches from the first area" are the N most important areas, and a rowid range
 * restricts a search to either group. (Areas first would make every airport search
 * step over all the areas a short prefix matches: 20,000 for "s".)
 */
export function buildIndexRows(sources: Sources): {
  pointsOfInterest: IndexRow[];
  areas: Iterable<IndexRow>;
} {
  const gazetteer = createGazetteer(sources);
  return {
    pointsOfInterest: [
      ...landmarkRows(sources.landmarks, gazetteer),
      ...airportRows(sources.airports, gazetteer),
    ],
    areas: areaRows(sources, gazetteer),
  };
}
