import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlacesUnavailableError } from '../errors.ts';
import { fixture, startFixtureServer } from '../fixtures/fixture-server.ts';
import type { PlacesProvider } from '../provider.ts';
import { createPhotonProvider } from './photon-provider.ts';

const PARIS = { lat: 48.8566, lng: 2.3522 };
let server: Awaited<ReturnType<typeof startFixtureServer>>;
let provider: PlacesProvider;

beforeAll(async () => {
  server = await startFixtureServer((request) => {
    const q = request.url.searchParams.get('q');
    if (q === 'broken') return { status: 502, body: '<html>Bad gateway</html>' };
    if (q === 'odd') return { body: { unexpected: true } };
    if (request.url.searchParams.has('bbox'))
      return { body: fixture('photon-places-near-paris.json') };
    return { body: fixture('photon-cities-pari.json') };
  });
  provider = createPhotonProvider({
    searchUrl: `${server.url}/api/`,
    userAgent: 'Spotbook/1.0 (+http://localhost:3000)',
    fetch,
  });
});
afterAll(() => server.close());

describe('OpenStreetMap (Photon) provider', () => {
  it('searches cities with a polite request and keeps only areas', async () => {
    const results = await provider.searchCities('pari');
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe('/api/');
    expect(request.headers['user-agent']).toBe('Spotbook/1.0 (+http://localhost:3000)');
    expect(request.url.searchParams.get('q')).toBe('pari');
    expect(request.url.searchParams.get('limit')).toBe('10');
    expect(request.url.searchParams.get('lang')).toBe('en');
    expect(request.url.searchParams.getAll('layer')).toEqual([
      'city',
      'county',
      'state',
      'country',
    ]);

    expect(results.map((p) => [p.id, p.primaryType])).toEqual([
      ['osm:R7444', 'locality'],
      ['osm:R8649', 'administrative_area_level_1'],
      ['osm:N151937435', 'locality'],
    ]);
    expect(results[0]).toEqual({
      id: 'osm:R7444',
      displayName: 'Paris',
      formattedAddress: 'Paris, Île-de-France, France',
      city: 'Paris',
      country: 'France',
      lat: 48.8534951,
      lng: 2.3483915,
      primaryType: 'locality',
      websiteURI: '',
      googleMapsURI: 'https://www.google.com/maps/search/?api=1&query=48.853495,2.348392',
      editorialSummary: '',
      previewImageUrl: '',
      cached_preview_image: '',
      photoRef: '',
    });
  });

  it('searches places inside the box around the point and maps OSM tags to types', async () => {
    const results = await provider.searchPlaces('mus', PARIS);
    const params = server.requests.at(-1)!.url.searchParams;
    expect(params.get('limit')).toBe('20');
    expect(params.get('lat')).toBe('48.8566');
    expect(params.get('lon')).toBe('2.3522');
    const bbox = params.get('bbox')!.split(',').map(Number);
    expect(bbox[0]).toBeCloseTo(2.2022);
    expect(bbox[1]).toBeCloseTo(48.7066);
    expect(bbox[2]).toBeCloseTo(2.5022);
    expect(bbox[3]).toBeCloseTo(49.0066);

    // The museum in Meaux lies outside the box and is dropped.
    expect(results.map((p) => [p.displayName, p.primaryType])).toEqual([
      ['Louvre Museum', 'museum'],
      ['Église Saint-Sulpice', 'place_of_worship'],
      ['Jardin du Luxembourg', 'park'],
    ]);
    expect(results[0]!.formattedAddress).toBe(
      'Louvre Museum, 99 Rue de Rivoli, 75001 Paris, Île-de-France, France',
    );
  });

  it('answers a repeated search from its cache', async () => {
    const before = server.requests.length;
    await provider.searchPlaces('MUS', PARIS);
    expect(server.requests.length).toBe(before);
  });

  it('returns details of a place seen in a recent search, null otherwise', async () => {
    expect(await provider.getPlace('osm:W24639548')).toMatchObject({
      displayName: 'Louvre Museum',
    });
    expect(await provider.getPlace('osm:N1')).toBeNull();
    expect(await provider.getPlace('gn:2988507')).toBeNull();
  });

  it('reports an outage or an unreadable reply as PlacesUnavailableError', async () => {
    await expect(provider.searchCities('broken')).rejects.toBeInstanceOf(PlacesUnavailableError);
    await expect(provider.searchCities('odd')).rejects.toThrow(/unexpected reply/);
    const down = createPhotonProvider({
      searchUrl: 'http://127.0.0.1:9/api/',
      userAgent: 'test',
      fetch: () => Promise.reject(new DOMException('timed out', 'TimeoutError')),
    });
    await expect(down.searchCities('pari')).rejects.toThrow(
      /osm places search unavailable: timed out/,
    );
  });
});
