import { adminKey, matchAdminAreasToRegions } from './admin-regions.ts';
import { searchKey } from './search-text.ts';
import type { CitySource, CountrySource, RegionSource, Sources } from './sources.ts';

/**
 * The lookups every row needs while the index is built: country and region names,
 * each city's ISO region, and a city by name (for landmarks, which name their city).
 */
export interface Gazetteer {
  countryName(code: string): string;
  region(code: string): RegionSource | undefined;
  regionCodeOfCity(city: CitySource): string | undefined;
  /** The most populous city of that name in the country. */
  cityNamed(countryCode: string, name: string): CitySource | undefined;
}

export function createGazetteer(sources: Sources): Gazetteer {
  const countryNames = new Map(sources.countries.map((c) => [c.code, displayCountryName(c)]));
  const regions = new Map(sources.regions.map((r) => [r.code, r]));
  const regionOfAdmin = matchAdminAreasToRegions(sources.cities, sources.airports);
  const citiesByName = new Map<string, CitySource>();
  for (const city of sources.cities) {
    for (const name of [city.name, ...city.altNames]) {
      const key = `${city.countryCode}|${searchKey(name)}`;
      const known = citiesByName.get(key);
      if (!known || known.population < city.population) citiesByName.set(key, city);
    }
  }
  return {
    countryName: (code) => countryNames.get(code) ?? code,
    region: (code) => regions.get(code),
    regionCodeOfCity: (city) => regionOfAdmin.get(adminKey(city.countryCode, city.adminCode)),
    cityNamed: (countryCode, name) => citiesByName.get(`${countryCode}|${searchKey(name)}`),
  };
}

/**
 * i18n-iso-countries lists the formal name first ("Russian Federation"), OurAirports
 * the everyday one ("Russia"). Prefer an i18n name OurAirports agrees with, then one
 * without a comma or brackets ("Moldova, Republic of" reads badly in an address).
 */
export function displayCountryName(country: CountrySource): string {
  const { names, ourAirportsName } = country;
  return (
    names.find((n) => n === ourAirportsName) ??
    names.find((n) => !/[,()]/.test(n)) ??
    (ourAirportsName || names[0] || country.code)
  );
}
