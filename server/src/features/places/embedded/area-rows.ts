import { joinAddress } from '../place-text.ts';
import { CITY_NICKNAMES, saintVariants } from './city-nicknames.ts';
import type { Gazetteer } from './gazetteer.ts';
import type { IndexRow } from './index-rows.ts';
import { searchKey } from './search-text.ts';
import type { AirportSource, CitySource, Sources } from './sources.ts';

const KIND_ORDER = { city: 0, region: 1, country: 2 } as const;

/**
 * Countries, ISO regions and cities (what `kind=city` finds), yielded most populous
 * first: the order their rowids follow. Rows are made one at a time, straight into the
 * file, because 115,000 of them held at once cost over 100 MB of heap.
 *
 * Countries and regions sit at their most populous city (where a user choosing
 * "France" wants to search next) and rank like it, so the city comes just before the
 * region named like it ("New York").
 */
export function* areaRows(sources: Sources, gazetteer: Gazetteer): Generator<IndexRow> {
  const biggestCity = new Map<string, CitySource>();
  const keepBiggest = (key: string, city: CitySource) => {
    const known = biggestCity.get(key);
    if (!known || known.population < city.population) biggestCity.set(key, city);
  };
  for (const city of sources.cities) {
    const regionCode = gazetteer.regionCodeOfCity(city);
    keepBiggest(city.countryCode, city);
    if (regionCode) keepBiggest(regionCode, city);
  }
  const wholeAreas = [
    ...countryRows(sources, gazetteer, biggestCity),
    ...regionRows(sources, gazetteer, biggestCity),
  ].sort((a, b) => b.rankPopulation - a.rankPopulation || rankKind(a) - rankKind(b));
  const cities = [...sources.cities].sort((a, b) => b.population - a.population);

  let next = 0;
  for (const city of cities) {
    while (next < wholeAreas.length && wholeAreas[next]!.rankPopulation > city.population) {
      yield wholeAreas[next++]!;
    }
    yield cityRow(city, gazetteer);
  }
  yield* wholeAreas.slice(next);
}

const rankKind = (row: IndexRow) => KIND_ORDER[row.kind as keyof typeof KIND_ORDER] ?? 3;

function cityRow(city: CitySource, gazetteer: Gazetteer): IndexRow {
  const country = gazetteer.countryName(city.countryCode);
  const regionCode = gazetteer.regionCodeOfCity(city);
  const region = regionCode ? gazetteer.region(regionCode)?.name : undefined;
  return {
    id: `gn:${city.geonameId}`,
    kind: 'city',
    name: city.name,
    // "New York City" is also typed without "City", "Washington, D.C." without ", D.C.".
    altNames: [
      ...city.altNames,
      withoutSuffix(city.name, / city$/i),
      city.name.split(',')[0]!,
      ...saintVariants(city.name),
      ...(CITY_NICKNAMES[city.geonameId] ?? []),
    ],
    codes: [],
    ...emptyDetails,
    address: joinAddress([city.name, region, country]),
    city: city.name,
    country,
    lat: city.lat,
    lng: city.lng,
    primaryType: 'locality',
    rankPopulation: city.population,
  };
}

function countryRows(
  sources: Sources,
  gazetteer: Gazetteer,
  biggestCity: Map<string, CitySource>,
): IndexRow[] {
  return sources.countries.flatMap((country): IndexRow[] => {
    const seat = biggestCity.get(country.code);
    if (!seat) return [];
    const name = gazetteer.countryName(country.code);
    return [
      {
        id: `cc:${country.code}`,
        kind: 'country',
        name,
        altNames: country.names,
        codes: [country.code],
        ...emptyDetails,
        address: name,
        country: name,
        lat: seat.lat,
        lng: seat.lng,
        primaryType: 'country',
        rankPopulation: seat.population,
      },
    ];
  });
}

function regionRows(
  sources: Sources,
  gazetteer: Gazetteer,
  biggestCity: Map<string, CitySource>,
): IndexRow[] {
  const airportsByRegion = new Map<string, AirportSource[]>();
  for (const a of sources.airports) {
    airportsByRegion.set(a.regionCode, [...(airportsByRegion.get(a.regionCode) ?? []), a]);
  }
  return sources.regions.flatMap((region): IndexRow[] => {
    const seat = biggestCity.get(region.code) ?? meanOf(airportsByRegion.get(region.code));
    if (!seat) return [];
    const country = gazetteer.countryName(region.countryCode);
    return [
      {
        id: `rg:${region.code}`,
        kind: 'region',
        name: region.name,
        altNames: [withoutSuffix(region.name, REGION_SUFFIX)],
        codes: [],
        ...emptyDetails,
        address: joinAddress([region.name, country]),
        country,
        lat: seat.lat,
        lng: seat.lng,
        primaryType: 'administrative_area_level_1',
        rankPopulation: seat.population,
      },
    ];
  });
}

const emptyDetails = { category: '', city: '', website: '', summary: '' };

const REGION_SUFFIX =
  / (prefecture|province|municipality|autonomous region|special administrative region|region|state|governorate|oblast|krai)$/i;

function withoutSuffix(name: string, suffix: RegExp): string {
  const shorter = name.replace(suffix, '');
  return searchKey(shorter) ? shorter : name;
}

/** Where no city could be joined to a region, its airports still place it. */
function meanOf(inRegion: { lat: number; lng: number }[] | undefined) {
  if (!inRegion?.length) return undefined;
  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  return {
    lat: mean(inRegion.map((a) => a.lat)),
    lng: mean(inRegion.map((a) => a.lng)),
    population: 0,
  };
}
