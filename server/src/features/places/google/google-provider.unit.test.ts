import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlacesUnavailableError } from '../errors.ts';
import { fixture, startFixtureServer } from '../fixtures/fixture-server.ts';
import type { PlacesProvider } from '../provider.ts';
import { createGoogleProvider } from './google-provider.ts';

const KEY = 'test-key-0123456789';
const PARIS = { lat: 48.8566, lng: 2.3522 };
const BRIEF_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'location',
  'primaryType',
  'websiteUri',
  'googleMapsUri',
  'editorialSummary',
  'photos',
  'addressComponents',
];
let server: Awaited<ReturnType<typeof startFixtureServer>>;
let provider: PlacesProvider;

beforeAll(async () => {
  server = await startFixtureServer((request) => {
    if (request.headers['x-goog-api-key'] !== KEY) {
      return { status: 403, body: { error: { code: 403, message: 'API key not valid.' } } };
    }
    if (request.url.pathname === '/v1/places/ChIJLU7jZClu5kcR4PcOOO6p3I0') {
      return { body: fixture('google-place-details.json') };
    }
    if (request.url.pathname.startsWith('/v1/places/')) {
      return { status: 404, body: { error: { code: 404, message: 'Not found' } } };
    }
    const { textQuery } = JSON.parse(request.body) as { textQuery: string };
    return {
      body: fixture(
        textQuery === 'pari' ? 'google-search-text-cities.json' : 'google-search-text-places.json',
      ),
    };
  });
  provider = createGoogleProvider({ apiKey: KEY, baseUrl: `${server.url}/v1`, fetch });
});
afterAll(() => server.close());

describe('Google Places API (New) provider', () => {
  it('searches places with text search restricted to the box, key in a header', async () => {
    const results = await provider.searchPlaces('museum', PARIS);
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/v1/places:searchText');
    expect(request.url.search).toBe('');
    expect(request.headers['x-goog-api-key']).toBe(KEY);
    expect(request.headers['content-type']).toBe('application/json');
    const mask = String(request.headers['x-goog-fieldmask']).split(',');
    expect(mask).toEqual(expect.arrayContaining(BRIEF_FIELDS.map((f) => `places.${f}`)));
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      textQuery: 'museum',
      languageCode: 'en-US',
      regionCode: 'us',
      pageSize: 20,
    });
    const { low, high } = body.locationRestriction.rectangle;
    expect(low.latitude).toBeCloseTo(48.7066);
    expect(low.longitude).toBeCloseTo(2.2022);
    expect(high.latitude).toBeCloseTo(49.0066);
    expect(high.longitude).toBeCloseTo(2.5022);

    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({
      id: 'g:ChIJD3uTd9hx5kcR1IQvGfr8dbk',
      displayName: 'Louvre Museum',
      formattedAddress: '75001 Paris, France',
      city: 'Paris',
      country: 'France',
      lat: 48.8606111,
      lng: 2.337644,
      primaryType: 'museum',
      websiteURI: 'https://www.louvre.fr/',
      googleMapsURI: 'https://maps.google.com/?cid=13363865620386383060',
      editorialSummary:
        'Landmark art museum with vast collection, from Roman sculpture to da Vinci\'s "Mona Lisa."',
      previewImageUrl: '',
      cached_preview_image: '',
      photoRef:
        'places/ChIJD3uTd9hx5kcR1IQvGfr8dbk/photos/AUc7tXWk6VJ3OM-Tg4dSRvWE0ZqWb9K8f1zPr_x0L2D',
    });
    expect(results[1]).toMatchObject({ websiteURI: '', editorialSummary: '', photoRef: '' });
  });

  it('keeps only localities and administrative areas in a city search', async () => {
    const results = await provider.searchCities('pari');
    const body = JSON.parse(server.requests.at(-1)!.body);
    expect(body).toEqual({
      textQuery: 'pari',
      languageCode: 'en-US',
      regionCode: 'us',
      pageSize: 20,
    });
    expect(results.map((p) => [p.displayName, p.primaryType])).toEqual([
      ['Paris', 'locality'],
      ['Île-de-France', 'administrative_area_level_1'],
    ]);
  });

  it('reads place details with a field mask, and null for an unknown id', async () => {
    const place = await provider.getPlace('g:ChIJLU7jZClu5kcR4PcOOO6p3I0');
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url.searchParams.get('languageCode')).toBe('en-US');
    expect(request.url.searchParams.has('key')).toBe(false);
    expect(String(request.headers['x-goog-fieldmask']).split(',')).toEqual(
      expect.arrayContaining(BRIEF_FIELDS),
    );
    expect(place).toMatchObject({
      id: 'g:ChIJLU7jZClu5kcR4PcOOO6p3I0',
      displayName: 'Eiffel Tower',
      city: 'Paris',
      primaryType: 'historical_landmark',
      websiteURI: 'https://www.toureiffel.paris/fr',
    });
    expect(await provider.getPlace('g:ChIJunknown')).toBeNull();
    expect(await provider.getPlace('gn:2988507')).toBeNull();
  });

  it('builds the 800x800 photo URL for the server only, from a photo name only', () => {
    expect(provider.photoUrl!('places/ChIJLU7jZClu5kcR4PcOOO6p3I0/photos/AUc7tXW2bnV7Hn1')).toBe(
      `${server.url}/v1/places/ChIJLU7jZClu5kcR4PcOOO6p3I0/photos/AUc7tXW2bnV7Hn1/media` +
        `?maxHeightPx=800&maxWidthPx=800&key=${KEY}`,
    );
    expect(provider.photoUrl!('https://evil.example/x.jpg')).toBeNull();
    expect(provider.photoUrl!('places/a/photos/b/../../x')).toBeNull();
  });

  it("reports Google's refusal as PlacesUnavailableError with its message", async () => {
    const wrongKey = createGoogleProvider({
      apiKey: 'wrong-key-000',
      baseUrl: `${server.url}/v1`,
      fetch,
    });
    const failure = wrongKey.searchCities('pari');
    await expect(failure).rejects.toBeInstanceOf(PlacesUnavailableError);
    await expect(failure).rejects.toThrow('HTTP 403: API key not valid.');
  });
});
