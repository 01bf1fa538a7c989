import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_REQUIRED_DETAIL,
  fitCamera,
  LIST_MESSAGES,
  mercatorX,
  mercatorY,
  OFFLINE_FIT_MAX_ZOOM,
  pinBounds,
  worldSize,
} from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper.ts';
import { decodePng } from '../../../test/png.ts';
import { PALETTES } from '../basemap/themes.ts';
import { PIN_COLORS } from '../basemap/picture/pins.ts';
import { createList } from './test/factories.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
// Two spots far apart in the Atlantic and one in the Sahara: water and land around them.
const SPOTS = [
  { lat: 20, lng: -40, visited: false },
  { lat: -10, lng: -20, visited: true },
  { lat: 23, lng: 10, visited: false },
];
let list: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.app);
  bob = await signedInUser(t.app);
  list = await createList(alice.client, { name: 'Far apart', shareable_by_link: true });
  for (const spot of SPOTS) {
    const place = await createPlace(t.ctx, { lat: spot.lat, lng: spot.lng });
    await createSpot(alice, place, { visited: spot.visited, list_id: list.id });
  }
});
afterAll(() => t.close());

const query = 'width=600&height=300';
const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

/** Where a point is drawn in a picture of `size`, by the camera the server fits. */
function pixelOf(lat: number, lng: number, width: number, height: number, ratio = 1) {
  const camera = fitCamera(pinBounds(SPOTS)!, { width, height }, OFFLINE_FIT_MAX_ZOOM);
  const world = worldSize(camera.zoom);
  return {
    x: ((mercatorX(lng) - mercatorX(camera.lng)) * world + width / 2) * ratio,
    y: ((mercatorY(lat) - mercatorY(camera.lat)) * world + height / 2) * ratio,
  };
}

describe('GET /api/lists/list/{key}/map.png (issue 5 §7)', () => {
  it("draws the list's map at the size asked, with its pins where the map puts them", async () => {
    const response = await alice.client.get(`/api/lists/list/${list.slug}/map.png?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = decodePng(response.rawPayload);
    expect([png.width, png.height]).toEqual([600, 300]);
    // A pin's body is drawn 22 px above its point (the icon stands on its tip), white
    // dot at its centre: sample the body's left edge, which is the pin colour.
    const want = pixelOf(SPOTS[0]!.lat, SPOTS[0]!.lng, 600, 300);
    expect(png.pixel(want.x - 7, want.y - 22)).toEqual(PIN_COLORS.light.primary);
    const visited = pixelOf(SPOTS[1]!.lat, SPOTS[1]!.lng, 600, 300);
    expect(png.pixel(visited.x - 7, visited.y - 19)).toEqual(PIN_COLORS.light.visited);
    // Open Atlantic between the pins, and the Algerian Sahara far from any border.
    const ocean = pixelOf(5, -35, 600, 300);
    expect(png.pixel(ocean.x, ocean.y)).toEqual(hex(PALETTES.light.water));
    const sahara = pixelOf(25, 0, 600, 300);
    expect(sahara.y).toBeGreaterThan(0);
    expect(png.pixel(sahara.x, sahara.y)).toEqual(hex(PALETTES.light.land));
  });

  it('draws the dark theme and a double-density picture', async () => {
    const response = await alice.client.get(
      `/api/lists/list/${list.id}/map.png?${query}&theme=dark&pixel_ratio=2`,
    );
    const png = decodePng(response.rawPayload);
    expect([png.width, png.height]).toEqual([1200, 600]);
    const ocean = pixelOf(5, -35, 600, 300, 2);
    expect(png.pixel(ocean.x, ocean.y)).toEqual(hex(PALETTES.dark.water));
  });

  it('answers a repeat visit with 304 by its ETag, and a changed list with a new picture', async () => {
    const url = `/api/lists/list/${list.slug}/map.png?${query}`;
    const first = await alice.client.get(url);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await alice.client.request('GET', url, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const place = await createPlace(t.ctx, { lat: -30, lng: 25 });
    await createSpot(alice, place, { list_id: list.id });
    const changed = await alice.client.request('GET', url, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("is for those who may see the list's map", async () => {
    const anonymous = await t.app.inject({ url: `/api/lists/list/${list.slug}/map.png?${query}` });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
    const hidden = await createList(alice.client, { name: 'Hidden' });
    const other = await bob.client.get(`/api/lists/list/${hidden.slug}/map.png?${query}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: LIST_MESSAGES.notPublic });
    const missing = await bob.client.get(`/api/lists/list/${bob.username}-none/map.png?${query}`);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses sizes and themes it does not draw, with a JSON detail', async () => {
    for (const bad of [
      'width=10&height=300',
      'width=600',
      'width=abc&height=300',
      `${query}&theme=pink`,
      `${query}&pixel_ratio=3`,
    ]) {
      const response = await alice.client.get(`/api/lists/list/${list.slug}/map.png?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().detail, bad).toEqual(expect.any(String));
    }
  });
});
