import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP } from '@spotbook/contract';
import { isInBox } from './grid.ts';
import { openPlacesIndex, type PlacesIndex } from './places-index.ts';

/** The real index, built once from the real packages and landmark files. */
let dataDir: string;
let index: PlacesIndex;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-places-'));
  index = openPlacesIndex(dataDir, { log: () => {} });
});
afterAll(() => {
  index?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PARIS = { lat: 48.8566, lng: 2.3522 };
const first = (query: string) => index.searchCities(query)[0];

describe('embedded index: city search', () => {
  it('was built at first open, well within 30 s of CPU (wall time depends on the load)', () => {
    expect(index.build).not.toBeNull();
    expect(index.build!.cpuMs).toBeLessThan(15_000);
    expect(index.build!.areas).toBeGreaterThan(100_000);
  });

  it('finds Paris, France first from "pari"', () => {
    expect(first('pari')).toMatchObject({
      id: 'gn:2988507',
      displayName: 'Paris',
      country: 'France',
      primaryType: 'locality',
      formattedAddress: 'Paris, Île-de-France, France',
    });
  });

  it('finds Tokyo', () => {
    expect(first('Tokyo')).toMatchObject({ displayName: 'Tokyo', country: 'Japan' });
  });

  it('finds São Paulo typed without accents, in any case', () => {
    for (const query of ['sao paulo', 'SAO PAU', 'São Paulo', 'paulo sao']) {
      expect(first(query)).toMatchObject({ displayName: 'São Paulo', country: 'Brazil' });
    }
  });

  it('folds letters Unicode does not decompose ("lodz" → Łódź)', () => {
    expect(first('lodz')).toMatchObject({ displayName: 'Łódź', country: 'Poland' });
  });

  it('finds an airport by its IATA code', () => {
    expect(first('JFK')).toMatchObject({
      id: 'ap:JFK',
      primaryType: 'airport',
      displayName: expect.stringMatching(/John F\.? Kennedy/),
    });
  });

  it('finds regions and countries, with the city before the region named like it', () => {
    expect(first('california')).toMatchObject({ id: 'rg:US-CA' });
    expect(first('france')).toMatchObject({ id: 'cc:FR', primaryType: 'country' });
    const newYork = index.searchCities('new york').map((p) => p.id);
    expect(newYork.slice(0, 2)).toEqual(['gn:5128581', 'rg:US-NY']);
  });

  it('knows the short, English and former names travellers type for big cities', () => {
    const cases: [string, string, string][] = [
      ['nyc', 'New York City', 'United States'],
      ['LA', 'Los Angeles', 'United States'],
      ['sf', 'San Francisco', 'United States'],
      ['dc', 'Washington, D.C.', 'United States'],
      ['saigon', 'Ho Chi Minh City', 'Vietnam'],
      ['bombay', 'Mumbai', 'India'],
      ['cologne', 'Köln', 'Germany'],
      ['Gothenburg', 'Göteborg', 'Sweden'],
      ['kiev', 'Kyiv', 'Ukraine'],
    ];
    for (const [query, displayName, country] of cases) {
      expect(first(query), query).toMatchObject({ displayName, country });
    }
  });

  it('takes "St" for "Saint" and back, the biggest namesake first', () => {
    expect(first('st petersburg')).toMatchObject({
      displayName: 'Saint Petersburg',
      country: 'Russia',
    });
    expect(first('saint louis')).toMatchObject({
      displayName: 'St. Louis',
      country: 'United States',
    });
  });

  it('answers at most 10 and nothing for a query without letters or digits', () => {
    expect(index.searchCities('s')).toHaveLength(10);
    expect(index.searchCities('"*:()')).toEqual([]);
  });
});

describe('embedded index: place search near a point', () => {
  it('finds museums near Paris by category', () => {
    const results = index.searchPlaces('museum', PARIS);
    expect(results.length).toBeGreaterThan(0);
    for (const place of results) {
      expect(place.primaryType === 'museum' || /museum/i.test(place.displayName)).toBe(true);
      expect(isInBox(place, PARIS)).toBe(true);
    }
  });

  it('keeps every result inside the box, whatever the query', () => {
    const points = [PARIS, { lat: 40.7128, lng: -74.006 }, { lat: 35.6895, lng: 139.6917 }];
    for (const near of points) {
      for (const query of ['a', 's', 'park', 'saint', 'airport']) {
        const results = index.searchPlaces(query, near);
        expect(results.length).toBeLessThanOrEqual(20);
        for (const place of results) {
          expect(Math.abs(place.lat - near.lat)).toBeLessThanOrEqual(MAP.placeSearchBoxDegrees);
          expect(Math.abs(place.lng - near.lng)).toBeLessThanOrEqual(MAP.placeSearchBoxDegrees);
          expect(place.primaryType).not.toMatch(/^(country|administrative_area_level_1)$/);
        }
      }
    }
  });

  it('ranks the best name match first, then the nearest', () => {
    expect(index.searchPlaces('paris', PARIS)[0]).toMatchObject({ id: 'gn:2988507' });
    const towns = index.searchPlaces('saint', PARIS).filter((p) => p.primaryType === 'locality');
    const distances = towns.map((p) => Math.hypot(p.lat - PARIS.lat, p.lng - PARIS.lng));
    expect(towns.length).toBeGreaterThan(2);
    expect(distances[0]).toBeLessThan(distances.at(-1)!);
  });
});

describe('embedded index: details', () => {
  it('returns the same details by id as in a search', () => {
    const [museum] = index.searchPlaces('museum', PARIS);
    for (const place of [first('pari')!, first('JFK')!, museum!]) {
      expect(index.getPlace(place.id)).toEqual(place);
    }
    expect(index.getPlace('gn:0')).toBeNull();
  });

  it('gives a maps link to the point', () => {
    expect(first('pari')!.googleMapsURI).toBe(
      'https://www.google.com/maps/search/?api=1&query=48.85341,2.3488',
    );
  });

  it('opens the existing file without building again', () => {
    const again = openPlacesIndex(dataDir, { log: () => {} });
    try {
      expect(again.build).toBeNull();
      expect(again.searchCities('pari')[0]?.id).toBe('gn:2988507');
    } finally {
      again.close();
    }
  });
});
