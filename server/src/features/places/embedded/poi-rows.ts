import { createHash } from 'node:crypto';
import { joinAddress } from '../place-text.ts';
import type { Gazetteer } from './gazetteer.ts';
import type { IndexRow } from './index-rows.ts';
import { searchWords } from './search-text.ts';
import type { AirportSource, LandmarkSource } from './sources.ts';

/** Airports and curated landmarks: with towns, what `kind=place` finds near a point. */
export function airportRows(airports: AirportSource[], gazetteer: Gazetteer): IndexRow[] {
  const seen = new Set<string>();
  // Large airports first, so a code shared by two entries names the busier one.
  const ordered = [...airports].sort((a, b) => Number(b.large) - Number(a.large));
  return ordered.flatMap((a): IndexRow[] => {
    if (seen.has(a.iata)) return [];
    seen.add(a.iata);
    const country = gazetteer.countryName(a.countryCode);
    const region = gazetteer.region(a.regionCode)?.name;
    return [
      {
        id: `ap:${a.iata}`,
        kind: 'airport',
        name: a.name,
        altNames: a.keywords,
        codes: [a.iata, a.icao],
        category: 'airport',
        address: joinAddress([a.name, a.municipality, region, country]),
        city: a.municipality,
        country,
        lat: a.lat,
        lng: a.lng,
        primaryType: 'airport',
        website: a.website,
        summary: a.municipality
          ? `Airport serving ${a.municipality} (IATA: ${a.iata}).`
          : `Airport (IATA: ${a.iata}).`,
        rankPopulation: 0,
      },
    ];
  });
}

export function landmarkRows(landmarks: LandmarkSource[], gazetteer: Gazetteer): IndexRow[] {
  const ids = new Set<string>();
  return landmarks.map((l) => {
    const country = gazetteer.countryName(l.countryCode);
    const city = gazetteer.cityNamed(l.countryCode, l.city);
    const regionCode = city && gazetteer.regionCodeOfCity(city);
    const region = regionCode ? gazetteer.region(regionCode)?.name : undefined;
    let id = landmarkId(l);
    for (let n = 2; ids.has(id); n++) id = `${landmarkId(l)}-${n}`;
    ids.add(id);
    return {
      id,
      kind: 'landmark',
      name: l.name,
      altNames: [],
      codes: [],
      // "museum" near Paris must find the Musée d'Orsay, whose name doesn't say it.
      category: l.primaryType.replaceAll('_', ' '),
      address: joinAddress([l.name, l.city, region, country]),
      city: l.city,
      country,
      lat: l.lat,
      lng: l.lng,
      primaryType: l.primaryType,
      website: l.website,
      summary: l.summary,
      rankPopulation: 0,
    };
  });
}

/**
 * `lm:fr-paris-eiffel-tower`: stable while the entry keeps its name, city and country,
 * ASCII so it reads well in a URL; a name in another script gets a short hash instead.
 */
function landmarkId(l: LandmarkSource): string {
  const ascii = (text: string) => searchWords(text).filter((w) => /^[a-z0-9]+$/.test(w));
  const nameWords = ascii(l.name);
  const name = nameWords.length
    ? nameWords.join('-')
    : createHash('sha256').update(l.name).digest('hex').slice(0, 10);
  return `lm:${[l.countryCode.toLowerCase(), ...ascii(l.city), name].join('-')}`;
}
