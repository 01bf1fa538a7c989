import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  createTestApp,
  signedInUser,
  TestClient,
  type TestApp,
  type TestUser,
} from '../../../test/helper.ts';
import { fixture, startFixtureServer } from '../places/fixtures/fixture-server.ts';
import { createPlacesProvider } from '../places/provider.ts';

const SERVER_KEY = 'server-secret-key-0123456789';
const BROWSER_KEY = 'browser-key-restricted-9876543210';
const EIFFEL = 'ChIJLU7jZClu5kcR4PcOOO6p3I0';

/** A stand-in for Google Places that only answers the server key, as Google would. */
async function startGoogle() {
  return startFixtureServer((request) => {
    if (request.headers['x-goog-api-key'] !== SERVER_KEY) {
      return { status: 403, body: { error: { code: 403, message: 'API key not valid.' } } };
    }
    if (request.url.pathname === `/v1/places/${EIFFEL}`) {
      return { body: fixture('google-place-details.json') };
    }
    return { body: fixture('google-search-text-places.json') };
  });
}

describe('GET /api/config/ with only the server key', () => {
  it('offers MapLibre and no key: Google stays server-side (places search)', async () => {
    const t = await createTestApp({ GOOGLE_MAPS_API_KEY: SERVER_KEY });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/config/' });
      expect(response.json()).toMatchObject({
        places_provider: 'google',
        maps: { engine: 'maplibre', google_maps_api_key: null },
      });
      expect(response.body).not.toContain(SERVER_KEY);
    } finally {
      await t.close();
    }
  });
});

describe('with both keys set, the server key reaches no client', () => {
  let google: Awaited<ReturnType<typeof startGoogle>>;
  let built: TestApp;
  let user: TestUser;
  const seen: [url: string, response: LightMyRequestResponse][] = [];

  beforeAll(async () => {
    google = await startGoogle();
    built = await createTestApp(
      { GOOGLE_MAPS_API_KEY: SERVER_KEY, GOOGLE_MAPS_BROWSER_KEY: BROWSER_KEY },
      {
        places: (config) =>
          createPlacesProvider(config, { googleBaseUrl: `${google.url}/v1`, fetch }),
      },
    );
    user = await signedInUser(built.app);
  });
  afterAll(async () => {
    await built?.close();
    await google?.close();
  });

  const keep = (url: string, response: LightMyRequestResponse) => {
    seen.push([url, response]);
    return response;
  };
  const signedIn = async (url: string) => keep(url, await user.client.get(url));
  const anonymous = async (url: string) => keep(url, await new TestClient(built.app).get(url));

  it('the config gives the browser key and the Google engine', async () => {
    const response = await anonymous('/api/config/');
    expect(response.json()).toMatchObject({
      places_provider: 'google',
      maps: { engine: 'google', google_maps_api_key: BROWSER_KEY },
    });
  });

  it('places search and details run through Google with the server key', async () => {
    const search = await signedIn('/api/places/search/?query=museum&kind=place&lat=48.85&lng=2.35');
    expect(search.statusCode).toBe(200);
    expect(search.json().results.length).toBeGreaterThan(0);
    const details = await signedIn(`/api/places/place/${encodeURIComponent(`g:${EIFFEL}`)}`);
    expect(details.statusCode).toBe(200);
    expect(google.requests.every((r) => r.headers['x-goog-api-key'] === SERVER_KEY)).toBe(true);
    expect(google.requests.length).toBeGreaterThan(0);
  });

  it('the session, the docs, the pages and robots.txt are read too', async () => {
    for (const url of ['/api/user/session/', '/api/docs/json', '/api/docs/', '/spots/']) {
      await signedIn(url);
    }
    for (const url of ['/api/config/', '/lists/AbCdEf123456', '/robots.txt', '/api/health']) {
      await anonymous(url);
    }
  });

  it('no body or header of any of those answers contains the server key', () => {
    expect(seen.length).toBeGreaterThanOrEqual(11);
    for (const [url, response] of seen) {
      expect(response.body, url).not.toContain(SERVER_KEY);
      expect(JSON.stringify(response.headers), url).not.toContain(SERVER_KEY);
    }
    // The browser key does go out: in the config, and the page's policy allows Google's hosts.
    expect(seen.some(([, r]) => r.body.includes(BROWSER_KEY))).toBe(true);
  });
});
