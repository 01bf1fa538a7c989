import { describe, expect, it } from 'vitest';
import type { PlacesIndex } from './embedded/places-index.ts';
import { createPlacesProvider, type PlacesConfig } from './provider.ts';

const config: PlacesConfig = {
  PLACES_PROVIDER: 'embedded',
  DATA_DIR: '/nonexistent',
  OSM_SEARCH_URL: 'https://photon.komoot.io/api/',
  PUBLIC_URL: 'https://spotbook.example',
  GOOGLE_MAPS_API_KEY: undefined,
};

describe('createPlacesProvider', () => {
  it('chooses the provider PLACES_PROVIDER names', () => {
    let closed = false;
    const index = { close: () => (closed = true) } as unknown as PlacesIndex;
    const embedded = createPlacesProvider(config, { placesIndex: index });
    expect(embedded.name).toBe('embedded');
    embedded.close();
    expect(closed).toBe(false); // an injected index belongs to whoever opened it

    expect(createPlacesProvider({ ...config, PLACES_PROVIDER: 'osm' }).name).toBe('osm');
    const google = createPlacesProvider({
      ...config,
      PLACES_PROVIDER: 'google',
      GOOGLE_MAPS_API_KEY: 'key-0123456789',
    });
    expect(google.name).toBe('google');
    expect(google.photoUrl?.('places/x/photos/y')).toContain('places.googleapis.com/v1/');
  });

  it('sends Photon a User-Agent naming the public URL', async () => {
    let userAgent: string | null = null;
    const osm = createPlacesProvider(
      { ...config, PLACES_PROVIDER: 'osm' },
      {
        fetch: async (_url, init) => {
          userAgent = new Headers(init?.headers).get('user-agent');
          return Response.json({ type: 'FeatureCollection', features: [] });
        },
      },
    );
    expect(await osm.searchCities('pari')).toEqual([]);
    expect(userAgent).toBe('Spotbook/1.0 (+https://spotbook.example)');
  });
});
