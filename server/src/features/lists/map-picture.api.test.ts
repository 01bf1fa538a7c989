import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_REQUIRED_DETAIL,
  BRAND_COLORS,
  hexToRgb,
  LIST_MESSAGES,
  mercatorX,
  mercatorY,
  OFFLINE_FIT_MAX_ZOOM,
  pictureCamera,
  pinBounds,
  worldSize,
} from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import { decodePng } from '../../../test/png.ts';
import { PALETTES } from '../basemap/themes.ts';
import { PictureService, PICTURES_BUSY_DETAIL } from '../pictures/picture-service.ts';
import { createList } from './test/factories.ts';

// Two spots far apart in the Atlantic and one in the Sahara: water and land around them.
const SPOTS = [
  { lat: 20, lng: -40, visited: false },
  { lat: -10, lng: -20, visited: true },
  { lat: 23, lng: 10, visited: false },
];
let list: { id: number; slug: string };
const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
beforeAll(async () => {
  list = await createList(alice.client, { name: 'Far apart', shareable_by_link: true });
  for (const spot of SPOTS) {
    const place = await createPlace(t.ctx, { lat: spot.lat, lng: spot.lng });
    await createSpot(alice, place, { visited: spot.visited, list_id: list.id });
  }
});

// A size the server draws as it is (a multiple of MAP_PICTURE_STEP).
const query = 'width=640&height=320';
const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

/** Where a point is drawn in a picture of `size`, by the camera the server fits. */
function pixelOf(lat: number, lng: number, width: number, height: number, ratio = 1) {
  const camera = pictureCamera(pinBounds(SPOTS)!, { width, height }, OFFLINE_FIT_MAX_ZOOM);
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
    expect([png.width, png.height]).toEqual([640, 320]);
    // A pin's body is drawn 22 px above its point (the icon stands on its tip), white
    // dot at its centre: sample the body's left edge, which is the pin colour.
    const want = pixelOf(SPOTS[0]!.lat, SPOTS[0]!.lng, 640, 320);
    expect(png.pixel(want.x - 7, want.y - 22)).toEqual(hexToRgb(BRAND_COLORS.light.primary));
    const visited = pixelOf(SPOTS[1]!.lat, SPOTS[1]!.lng, 640, 320);
    expect(png.pixel(visited.x - 7, visited.y - 19)).toEqual(hexToRgb(BRAND_COLORS.light.visited));
    // Open Atlantic between the pins, and the Algerian Sahara far from any border.
    const ocean = pixelOf(5, -35, 640, 320);
    expect(png.pixel(ocean.x, ocean.y)).toEqual(hex(PALETTES.light.water));
    const sahara = pixelOf(25, 0, 640, 320);
    expect(sahara.y).toBeGreaterThan(0);
    expect(png.pixel(sahara.x, sahara.y)).toEqual(hex(PALETTES.light.land));
  });

  it('draws the dark theme and a double-density picture', async () => {
    const response = await alice.client.get(
      `/api/lists/list/${list.id}/map.png?${query}&theme=dark&pixel_ratio=2`,
    );
    const png = decodePng(response.rawPayload);
    expect([png.width, png.height]).toEqual([1280, 640]);
    const ocean = pixelOf(5, -35, 640, 320, 2);
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

  it('answers If-None-Match with a bodiless 304, without drawing', async () => {
    const url = `/api/lists/list/${list.slug}/map.png?width=832&height=448`;
    const first = await alice.client.get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/); // strong: no W/
    const draws = t.ctx.pictures.draws;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await alice.client.request('GET', url, undefined, { 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.rawPayload.length, header).toBe(0);
      expect(again.headers.etag, header).toBe(etag);
    }
    expect(t.ctx.pictures.draws).toBe(draws);
    const stale = await alice.client.request('GET', url, undefined, { 'if-none-match': '"x"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves a second request for the same picture from memory, without drawing it again', async () => {
    const url = `/api/lists/list/${list.slug}/map.png?width=896&height=384&theme=dark`;
    const draws = t.ctx.pictures.draws;
    const first = await alice.client.get(url);
    expect(t.ctx.pictures.draws).toBe(draws + 1);
    // Another viewer, no ETag to offer: the same bytes, not drawn again.
    const second = await bob.client.get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.ctx.pictures.draws).toBe(draws + 1);
    // Asked for at the same moment, one drawing serves both.
    const sameMoment = `/api/lists/list/${list.slug}/map.png?width=960&height=384`;
    const both = await Promise.all([alice.client.get(sameMoment), bob.client.get(sameMoment)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(t.ctx.pictures.draws).toBe(draws + 2);
  });

  it('rounds sizes up to 64 px buckets and draws the bucket, one picture for the bucket', async () => {
    const tagAndSize = async (size: string) => {
      const response = await alice.client.get(`/api/lists/list/${list.slug}/map.png?${size}`);
      const png = decodePng(response.rawPayload);
      return { etag: response.headers.etag, size: [png.width, png.height] };
    };
    const bucket = await tagAndSize('width=1152&height=448');
    expect(bucket.size).toEqual([1152, 448]);
    for (const size of [
      'width=1089&height=385',
      'width=1150&height=403',
      'width=1151&height=448',
    ]) {
      expect(await tagAndSize(size), size).toEqual(bucket);
    }
    expect((await tagAndSize('width=1153&height=448')).size).toEqual([1216, 448]);
    expect((await tagAndSize('width=64&height=65')).size).toEqual([64, 128]);
    expect((await tagAndSize('width=2000&height=2048')).size).toEqual([2048, 2048]);
  });

  it('gives what draws differently a different ETag: size, theme, pixel ratio, pins', async () => {
    const tag = async (q: string) =>
      String((await alice.client.get(`/api/lists/list/${list.slug}/map.png?${q}`)).headers.etag);
    const tags = [
      await tag('width=512&height=256'),
      await tag('width=576&height=256'),
      await tag('width=512&height=320'),
      await tag('width=512&height=256&theme=dark'),
      await tag('width=512&height=256&pixel_ratio=2'),
    ];
    expect(new Set(tags).size).toBe(tags.length);
    const moved = await createList(alice.client, { name: 'Moved', shareable_by_link: true });
    const place = await createPlace(t.ctx, { lat: 10, lng: 10 });
    await createSpot(alice, place, { list_id: moved.id });
    const other = await alice.client.get(
      `/api/lists/list/${moved.slug}/map.png?width=512&height=256`,
    );
    expect(tags).not.toContain(other.headers.etag);
  });

  it('answers 503 with a JSON detail when more pictures wait than the queue holds', async () => {
    const shared = t.ctx.pictures;
    // The same service the app holds, made tiny: one thread, one drawing waiting.
    const tiny = new PictureService({
      basemap: t.ctx.basemap,
      dataDir: t.ctx.config.DATA_DIR,
      threads: 1,
      maxQueue: 1,
    });
    t.ctx.pictures = tiny;
    try {
      const sizes = [256, 320, 384, 448, 512, 576];
      const responses = await Promise.all(
        sizes.map((w) =>
          alice.client.get(`/api/lists/list/${list.slug}/map.png?width=${w}&height=200`),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(2);
      expect(codes.filter((c) => c === 503)).toHaveLength(4);
      for (const busy of responses.filter((r) => r.statusCode === 503)) {
        expect(busy.json()).toEqual({ detail: PICTURES_BUSY_DETAIL });
        expect(busy.headers.etag).toBeUndefined();
      }
      // Nothing failed is kept: once the queue is free, the same picture is drawn.
      const later = await alice.client.get(
        `/api/lists/list/${list.slug}/map.png?width=576&height=200`,
      );
      expect(later.statusCode).toBe(200);
    } finally {
      t.ctx.pictures = shared;
      await tiny.close();
    }
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
