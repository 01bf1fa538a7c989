import { BRAND_COLORS, hexToRgb, locationPicturePath } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../test/png.ts';
import { TestClient, useTestApp } from '../../../test/helper.ts';
import { PALETTES } from '../basemap/themes.ts';
import { LOCATION_NOT_FOUND_DETAIL } from './location-route.ts';

/** GET /api/pictures/location/{lat}/{lng}.png (issue 13, decision 017). */
const { t } = useTestApp();
const anonymous = () => new TestClient(t.app);

describe('a spot’s location picture', () => {
  it('draws the point with one pin, 640 × 480, for anyone, cacheable by anyone', async () => {
    // Mid-Atlantic: water all round, so the pin is the only thing that is not water.
    const response = await anonymous().get(locationPicturePath(30, -40));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const png = decodePng(response.rawPayload);
    expect([png.width, png.height]).toEqual([640, 480]);
    expect(png.pixel(20, 20)).toEqual(hexToRgb(PALETTES.light.water));
    // The pin stands on the point (the centre): its body 7 CSS px left, 22 above; its dot.
    expect(png.pixel(320 - 14, 240 - 44)).toEqual(hexToRgb(BRAND_COLORS.light.primary));
    expect(png.pixel(320, 240 - 45)).toEqual(hexToRgb(BRAND_COLORS.light.onPrimary));
  });

  it('draws land where there is land, and the dark theme when asked', async () => {
    const sahara = decodePng((await anonymous().get(locationPicturePath(25, 0))).rawPayload);
    expect(sahara.pixel(20, 460)).toEqual(hexToRgb(PALETTES.light.land));
    const dark = await anonymous().get(`${locationPicturePath(25, 0)}?theme=dark`);
    expect(decodePng(dark.rawPayload).pixel(20, 460)).toEqual(hexToRgb(PALETTES.dark.land));
  });

  it('answers a revalidation with 304 and no drawing; one drawing per point', async () => {
    const url = locationPicturePath(-33.925, 18.424);
    const first = await anonymous().get(url);
    const draws = t.ctx.pictures.draws;
    const again = await anonymous().request('GET', url, undefined, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await anonymous().get(url)).rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.ctx.pictures.draws).toBe(draws);
    // "-0.000" (what toFixed writes for a point just west of Greenwich) is "0.000"'s picture.
    const zero = await anonymous().get('/api/pictures/location/0.000/0.000.png');
    const minusZero = await anonymous().get('/api/pictures/location/-0.000/-0.000.png');
    expect(minusZero.headers.etag).toBe(zero.headers.etag);
  });

  it('draws the edge of the map for a point beyond Web Mercator’s ±85°', async () => {
    const pole = await anonymous().get(locationPicturePath(89.999, 0));
    expect(pole.statusCode).toBe(200);
  });
});

describe('any other address is not a picture (no cache busting)', () => {
  it.each([
    ['2 decimals', '48.86', '2.352'],
    ['4 decimals', '48.8566', '2.352'],
    ['a plus sign', '+48.857', '2.352'],
    ['a leading zero', '048.857', '2.352'],
    ['an exponent', '4.8e1', '2.352'],
    ['a latitude past the pole', '90.001', '2.352'],
    ['a longitude past the antimeridian', '48.857', '-180.001'],
    ['a word', 'north', 'east'],
    ['a hex number', '0x1.000', '2.352'],
    ['Infinity', 'Infinity', '2.352'],
  ])('%s: 404', async (_what, lat, lng) => {
    const response = await anonymous().get(`/api/pictures/location/${lat}/${lng}.png`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: LOCATION_NOT_FOUND_DETAIL });
  });

  it.each([
    ['empty', '/api/pictures/location//2.352.png', 404],
    // Past the router's 100-character parameter limit: no route.
    ['huge', `/api/pictures/location/${'1'.repeat(5000)}.000/2.352.png`, 404],
    ['NUL', '/api/pictures/location/48.857%00/2.352.png', 404],
    ['another format', '/api/pictures/location/48.857/2.352.jpg', 404],
    ['a bad theme', `${locationPicturePath(1, 2)}?theme=sepia`, 400],
  ])('%s: a JSON error, never a 500', async (_what, url, status) => {
    const response = await anonymous().get(url);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('detail');
  });
});
