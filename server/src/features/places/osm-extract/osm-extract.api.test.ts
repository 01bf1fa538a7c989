import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedProvider } from '../embedded/embedded-provider.ts';
import { openPlacesIndex } from '../embedded/places-index.ts';
import { loadExtracts } from './load-extract.ts';
import { dataDirWithIndex, MARAIS, toPbf, TWO_CITIES_OSM } from './test-extracts.ts';
import { createTestApp, useTestApp } from '../../../../test/helper.ts';

/** A DATA_DIR whose index holds the fixture extract, loaded before the app starts. */
const { dataDir, indexFile } = dataDirWithIndex();
beforeAll(async () => {
  await loadExtracts(indexFile, [toPbf(TWO_CITIES_OSM, dataDir)]);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const { t, user } = useTestApp({
  users: ['user'],
  places: () => createEmbeddedProvider(openPlacesIndex(dataDir), { ownsIndex: true }),
});

const searchNear = async (query: string) => {
  const params = new URLSearchParams({
    query,
    kind: 'place',
    lat: String(MARAIS.lat),
    lng: String(MARAIS.lng),
  });
  const response = await user.client.get(`/api/places/search/?${params}`);
  expect(response.statusCode).toBe(200);
  return response.json().results as { id: string; displayName: string; primaryType: string }[];
};

describe('places from an OpenStreetMap extract', () => {
  it('finds the cafés first for "cafe", "coffee" and "café"', async () => {
    for (const query of ['cafe', 'coffee', 'café']) {
      const results = await searchNear(query);
      expect(
        results
          .slice(0, 2)
          .map((r) => r.displayName)
          .sort(),
        query,
      ).toEqual(['Café Charlot', 'Le Petit Moulin']);
      expect(
        results
          .slice(0, 2)
          .map((r) => r.primaryType)
          .sort(),
      ).toEqual(['cafe', 'coffee_shop']);
    }
  });

  it('turns a place from the extract into a spot with its category and address', async () => {
    const [cafe] = await searchNear('le petit moulin');
    expect(cafe!.id).toBe('osm:N10');
    const created = await user.client.post('/api/reviews/create-place-review/', {
      place: { id: cafe!.id, displayName: cafe!.displayName },
      review: { review: 'Croissants', rating: 5, visited: true },
    });
    expect(created.statusCode).toBe(201);
    const place = await user.client.get(`/api/places/place/${encodeURIComponent(cafe!.id)}`);
    expect(place.json()).toMatchObject({
      displayName: 'Le Petit Moulin',
      primaryType: 'cafe',
      formattedAddress: 'Le Petit Moulin, 12 Rue de Bretagne, 75003 Paris, Île-de-France, France',
      city: 'Paris',
      user_review: { id: created.json().id },
    });
  });

  it('tells the web app to credit OpenStreetMap, and only once an extract is loaded', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config/' });
    expect(config.json()).toMatchObject({ places_provider: 'embedded', openstreetmap_data: true });
    const builtInOnly = await createTestApp(); // the shared index: no extract in it
    try {
      const plain = await builtInOnly.app.inject({ method: 'GET', url: '/api/config/' });
      expect(plain.json()).toMatchObject({
        places_provider: 'embedded',
        openstreetmap_data: false,
      });
    } finally {
      await builtInOnly.close();
    }
  });

  it('answers FTS syntax and odd text with results, and refuses NUL and huge queries', async () => {
    for (const query of ['"*:()', 'NEAR(cafe pub)', 'cafe OR pub', '🍕', '明治']) {
      expect(Array.isArray(await searchNear(query)), query).toBe(true);
    }
    for (const query of ['café\u0000', 'a'.repeat(5000)]) {
      const params = new URLSearchParams({ query, kind: 'place', lat: '48.86', lng: '2.36' });
      const response = await user.client.get(`/api/places/search/?${params}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/at .+\.ts:\d+/); // never a stack trace
    }
  });
});
