import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { freshSchemaUrl } from '../../../test/postgres.ts';
import { signedInUser, testDialect, TestClient, type TestUser } from '../../../test/helper.ts';
import { fixture } from './fixtures/fixture-server.ts';
import { createPlacesProvider } from './provider.ts';

const KEY = 'photo-test-key-0123456789';
const EIFFEL = 'ChIJLU7jZClu5kcR4PcOOO6p3I0';
const BROKEN = 'ChIJBrokenPhoto000000000000';
const NOT_AN_IMAGE = 'ChIJHtmlInsteadOfPhoto00000';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

/** Google's details reply for `id`, the Eiffel Tower's fields with its own photo name. */
function details(id: string) {
  const place = fixture('google-place-details.json') as Record<string, unknown>;
  return { ...place, id, photos: [{ name: `places/${id}/photos/AUc7tXW2bnV7Hn1` }] };
}

/**
 * A stand-in for Google: place details as JSON, and photo media the way Google serves
 * it, a redirect to its image host (here the same local server).
 */
async function startGoogle() {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    const media = /^\/v1\/places\/(\w+)\/photos\/\w+\/media$/.exec(url.pathname);
    if (media) {
      if (url.searchParams.get('key') !== KEY) return res.writeHead(403).end();
      if (media[1] === BROKEN) return res.writeHead(500).end();
      if (media[1] === NOT_AN_IMAGE) {
        return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
      }
      return res.writeHead(302, { Location: `/image-host/${media[1]}.jpg` }).end();
    }
    if (url.pathname.startsWith('/image-host/')) {
      return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(JPEG);
    }
    const id = /^\/v1\/places\/(\w+)$/.exec(url.pathname)?.[1];
    if (id) {
      return res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(details(id)));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    mediaRequests: () => requests.filter((r) => r.includes('/media')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let google: Awaited<ReturnType<typeof startGoogle>>;
let built: BuiltApp;
let dataDir: string;
let user: TestUser;

beforeAll(async () => {
  google = await startGoogle();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-photos-'));
  const databaseUrl =
    testDialect() === 'postgres' ? await freshSchemaUrl(inject('postgresUrl')) : undefined;
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EXAMPLE_LISTS: '0',
    PLACES_PROVIDER: 'google',
    GOOGLE_MAPS_API_KEY: KEY,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadConfig(env);
  const places = createPlacesProvider(config, { googleBaseUrl: `${google.url}/v1`, fetch });
  built = await buildApp(config, { logger: false, places, mailer: { send: async () => {} } });
  await built.app.ready();
  user = await signedInUser(built.app);
});
afterAll(async () => {
  await built?.app.close();
  await google?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const placeOf = async (googleId: string) =>
  (await user.client.get(`/api/places/place/${encodeURIComponent(`g:${googleId}`)}`)).json();

describe('GET /api/places/photo/{placeId}', () => {
  it('fetches the provider photo once, caches it and serves it for a year', async () => {
    const place = await placeOf(EIFFEL);
    expect(place.previewImageUrl).toBe(`/api/places/photo/${encodeURIComponent(`g:${EIFFEL}`)}`);
    expect(JSON.stringify(place)).not.toContain(KEY);
    expect(place).not.toHaveProperty('photoRef');
    // Every presenter reads the stored column, so spots and lists show the same path.
    const row = await built.ctx.db
      .selectFrom('places')
      .select(['photo_ref', 'cached_preview_image'])
      .where('id', '=', `g:${EIFFEL}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      photo_ref: `places/${EIFFEL}/photos/AUc7tXW2bnV7Hn1`,
      cached_preview_image: place.previewImageUrl,
    });

    const first = await user.client.get(place.previewImageUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.rawPayload.equals(JPEG)).toBe(true);
    expect(google.mediaRequests()).toEqual([
      `/v1/places/${EIFFEL}/photos/AUc7tXW2bnV7Hn1/media?maxHeightPx=800&maxWidthPx=800&key=${KEY}`,
    ]);
    expect(readdirSync(path.join(dataDir, 'images', 'places'))).toHaveLength(1);

    // Cached: no second fetch, and signed-out viewers of a shared list get it too.
    const again = await new TestClient(built.app).get(place.previewImageUrl);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(JPEG)).toBe(true);
    expect(google.mediaRequests()).toHaveLength(1);
  });

  it('answers 404 without fetching anything for places without a photo', async () => {
    const before = google.requests.length;
    const custom = (
      await user.client.post('/api/places/custom/', {
        name: 'My bench',
        primaryType: 'park',
        lat: 48.85,
        lng: 2.29,
      })
    ).json();
    expect(custom.previewImageUrl).toBe('');
    for (const id of [custom.id, 'g:NeverStored', 'nonsense', 'g:../../etc/passwd']) {
      const response = await user.client.get(`/api/places/photo/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('This place has no photo.');
    }
    expect(google.requests.length).toBe(before);
  });

  it('answers 503 when the provider fails, and does not ask again at once', async () => {
    for (const id of [BROKEN, NOT_AN_IMAGE]) {
      const place = await placeOf(id);
      const before = google.mediaRequests().length;
      const failed = await user.client.get(place.previewImageUrl);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().detail).toBe('The photo is unavailable right now.');
      expect((await user.client.get(place.previewImageUrl)).statusCode).toBe(503);
      expect(google.mediaRequests().length).toBe(before + 1);
    }
    expect(existsSync(path.join(dataDir, 'images', 'places'))).toBe(true);
    expect(readdirSync(path.join(dataDir, 'images', 'places'))).toHaveLength(1);
  });
});
