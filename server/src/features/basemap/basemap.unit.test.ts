import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basemapRoutes } from './routes.ts';
import { unwrapRing } from './antimeridian.ts';
import { cityRank, selectCities } from './places.ts';

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'basemap-'));
  app = Fastify();
  await app.register(basemapRoutes, { dataDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function getStyle(theme = 'light') {
  const res = await app.inject({ url: `/api/map/style.json?theme=${theme}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Every URL a style makes the browser fetch: source data, font faces, glyphs, sprites. */
function styleUrls(style: Record<string, unknown>): string[] {
  const sources = Object.values(
    style['sources'] as Record<string, { data?: unknown; url?: string }>,
  );
  const faces = Object.values(style['font-faces'] as Record<string, { url: string }[]>).flat();
  return [
    ...sources.flatMap((s) => [s.data, s.url]),
    ...faces.map((f) => f.url),
    style['glyphs'],
    style['sprite'],
  ].filter((u): u is string => typeof u === 'string');
}

describe('offline basemap', () => {
  it('serves a valid MapLibre v8 style in both themes', async () => {
    const light = await getStyle('light');
    const dark = await getStyle('dark');
    expect(light.version).toBe(8);
    expect(validateStyleMin(light)).toEqual([]);
    expect(validateStyleMin(dark)).toEqual([]);
    expect(dark.layers[0].paint['background-color']).not.toBe(
      light.layers[0].paint['background-color'],
    );
  });

  it('points only at this server', async () => {
    const urls = styleUrls(await getStyle());
    expect(urls.length).toBeGreaterThan(4);
    for (const url of urls) expect(url).toMatch(/^\/api\/map\//);
  });

  it('answers every URL of the style with content that can be cached for good', async () => {
    for (const url of styleUrls(await getStyle())) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeGreaterThan(1000);
      expect(res.headers['cache-control'], url).toContain('immutable');
    }
  });

  it('serves GeoJSON: land polygons, border lines and ranked city labels', async () => {
    const style = await getStyle();
    const get = async (name: string) =>
      (await app.inject({ url: style.sources[name].data })).json();
    const land = await get('land');
    expect(land.type).toBe('FeatureCollection');
    expect(land.features[0].geometry.type).toMatch(/Polygon/);
    expect((await get('borders')).features[0].geometry.type).toBe('MultiLineString');
    const places = await get('places');
    expect(places.features.length).toBeGreaterThan(2500);
    const paris = places.features.find(
      (f: { properties: { name: string } }) => f.properties.name === 'Paris',
    );
    expect(paris.properties.rank).toBe(1);
    expect(paris.geometry.coordinates[0]).toBeCloseTo(2.35, 1);
    const countries = await get('countries');
    expect(
      countries.features.some(
        (f: { properties: { name: string } }) => f.properties.name === 'France',
      ),
    ).toBe(true);
    // Derived once into dataDir (in a child process), with the gzip beside each file.
    const [versionDir] = await readdir(path.join(dataDir, 'basemap'));
    const files = await readdir(path.join(dataDir, 'basemap', versionDir!));
    expect(files.sort()).toEqual(
      ['borders', 'countries', 'land', 'places'].flatMap((n) => [
        `${n}.geojson`,
        `${n}.geojson.gz`,
      ]),
    );
  });

  it('serves gzip to clients that accept it, and 304 to a matching ETag', async () => {
    const url = (await getStyle()).sources.land.data;
    const plain = await app.inject({ url });
    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const again = await app.inject({
      url,
      headers: { 'if-none-match': String(plain.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the label font files and refuses anything else', async () => {
    const font = (await getStyle())['font-faces']['Inter Regular'][0].url;
    const res = await app.inject({ url: font });
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await app.inject({ url: '/api/map/fonts/..%2F..%2Fpackage.json' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: '/api/map/data/secrets.geojson' })).statusCode).toBe(404);
  });
});

describe('city ranks', () => {
  it('puts megacities and capitals first', () => {
    expect(cityRank(8_000_000, false)).toBe(1);
    expect(cityRank(300_000, false)).toBe(5);
    expect(cityRank(300_000, true)).toBe(3);
    expect(cityRank(20_000, true)).toBe(4);
  });

  it('keeps small capitals beside the most populous cities', () => {
    const city = (name: string, population: number, featureCode = 'PPL') => ({
      name,
      population,
      featureCode,
      country: 'XX',
      lat: 0,
      lng: 0,
    });
    const chosen = selectCities(
      [city('Big', 9e6), city('Mid', 5e5), city('Vaduz', 5000, 'PPLC')],
      1,
    );
    expect(chosen.map((c) => c.name)).toEqual(['Big', 'Vaduz']);
  });
});

describe('antimeridian', () => {
  it('makes a ring that crosses the antimeridian continuous', () => {
    const fiji = [
      [179, -16],
      [-179, -16],
      [-179, -17],
      [179, -17],
      [179, -16],
    ];
    expect(unwrapRing(fiji).map(([lng]) => lng)).toEqual([179, 181, 181, 179, 179]);
  });

  it('leaves a ring around the pole as it is', () => {
    const cap = [
      [-180, -89],
      [0, -85],
      [179, -84],
      [-180, -84],
      [-180, -89],
    ];
    expect(unwrapRing(cap)).toBe(cap);
  });

  it('leaves the served land without jumps across the map', async () => {
    const style = await getStyle();
    const land = (await app.inject({ url: style.sources.land.data })).json();
    let jumps = 0;
    for (const feature of land.features) {
      const polygons =
        feature.geometry.type === 'Polygon'
          ? [feature.geometry.coordinates]
          : feature.geometry.coordinates;
      for (const ring of polygons.flat() as number[][][]) {
        for (let i = 1; i < ring.length; i++) {
          const [lng0, lat0] = ring[i - 1] as [number, number];
          const [lng1] = ring[i] as [number, number];
          // Above 80° south only: Antarctica's cap may jump along the map's bottom edge.
          if (Math.abs(lng1 - lng0) > 180 && lat0 > -80) jumps++;
        }
      }
    }
    expect(jumps).toBe(0);
  });
});
