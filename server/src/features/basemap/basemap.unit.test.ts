import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { PbfReader } from 'pbf';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasemap } from './basemap.ts';
import { basemapRoutes } from './routes.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { unwrapRing } from './antimeridian.ts';
import { cityRank, selectCities } from './places.ts';

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'basemap-'));
  app = Fastify();
  // The app's validation and error answers, which the routes' zod schemas rely on.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const basemap = createBasemap(dataDir);
  app.addHook('onClose', () => basemap.close());
  await app.register(basemapRoutes, { basemap });
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

/** A tile URL of the style's basemap source, for one tile. */
async function tileUrl(z: number, x: number, y: number) {
  const style = await getStyle();
  return (style.sources.basemap.tiles[0] as string)
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
}

async function getTile(z: number, x: number, y: number) {
  const res = await app.inject({ url: await tileUrl(z, x, y) });
  expect(res.statusCode).toBe(200);
  return new VectorTile(new PbfReader(res.rawPayload));
}

/** The features of one layer of a tile, as GeoJSON in longitude/latitude. */
function features(tile: VectorTile, layer: string, [z, x, y]: [number, number, number]) {
  const l = tile.layers[layer];
  return l
    ? Array.from({ length: l.length }, (_, i) => {
        const feature = l.feature(i).toGeoJSON(x, y, z);
        return { geometry: feature.geometry, properties: feature.properties ?? {} };
      })
    : [];
}

/** Every URL a style makes the browser fetch: source data and tiles, font faces, glyphs, sprites. */
function styleUrls(style: Record<string, unknown>): string[] {
  const sources = Object.values(
    style['sources'] as Record<string, { data?: unknown; url?: string; tiles?: string[] }>,
  );
  const faces = Object.values(style['font-faces'] as Record<string, { url: string }[]>).flat();
  return [
    ...sources.flatMap((s) => [s.data, s.url, ...(s.tiles ?? [])]),
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
    const urls = styleUrls(await getStyle()).map((url) => url.replace('{z}/{x}/{y}', '0/0/0'));
    for (const url of urls) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeGreaterThan(1000);
      expect(res.headers['cache-control'], url).toContain('immutable');
    }
  });

  it('serves vector tiles: land polygons, border lines and ranked city labels', async () => {
    const world = await getTile(0, 0, 0);
    expect(features(world, 'land', [0, 0, 0])[0]?.geometry.type).toMatch(/Polygon/);
    expect(features(world, 'borders', [0, 0, 0])[0]?.geometry.type).toMatch(/LineString/);
    const countries = features(world, 'countries', [0, 0, 0]);
    expect(countries.some((f) => f.properties['name'] === 'France')).toBe(true);
    // A world view carries only the biggest cities; Paris's zoom-6 tile carries them all.
    const worldCities = features(world, 'places', [0, 0, 0]);
    expect(worldCities.every((f) => f.properties['rank'] === 1)).toBe(true);
    const parisTile: [number, number, number] = [6, 32, 22];
    const cities = features(await getTile(...parisTile), 'places', parisTile);
    const paris = cities.find((f) => f.properties['name'] === 'Paris');
    expect(paris?.properties['rank']).toBe(1);
    expect((paris?.geometry as { coordinates: number[] }).coordinates[0]).toBeCloseTo(2.35, 1);
    expect(cities.some((f) => Number(f.properties['rank']) > 3)).toBe(true);
    // Cut once into dataDir (in a child process).
    const [versionDir] = await readdir(path.join(dataDir, 'basemap'));
    expect(await readdir(path.join(dataDir, 'basemap', versionDir!))).toEqual(['tiles.sqlite']);
  });

  it('answers open ocean with an empty tile and tiles outside the world with 404', async () => {
    const ocean = await app.inject({ url: await tileUrl(6, 10, 44) }); // the South Pacific
    expect(ocean.statusCode).toBe(200);
    expect(ocean.rawPayload.length).toBe(0);
    for (const url of [
      '/api/map/tiles/7/0/0.pbf',
      '/api/map/tiles/2/4/0.pbf',
      '/api/map/tiles/a/0/0.pbf',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('serves gzip to clients that accept it, and 304 to a matching ETag', async () => {
    const url = await tileUrl(1, 1, 0);
    const plain = await app.inject({ url });
    const gzipped = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(gzipped.rawPayload)).toEqual(plain.rawPayload);
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

  it('cuts land that crosses the antimeridian into pieces, not a band across the world', async () => {
    // Russia and Fiji cross 180°: wrapped properly, each piece stays on its side (Eurasia,
    // Portugal to Chukotka plus the tile's buffer, spans ~205°); a ring left with a jump
    // would span the whole world, 360° and more. Antarctica's cap is the exception.
    const land = features(await getTile(0, 0, 0), 'land', [0, 0, 0]);
    const polygons = land.flatMap((f) =>
      f.geometry.type === 'MultiPolygon'
        ? f.geometry.coordinates
        : f.geometry.type === 'Polygon'
          ? [f.geometry.coordinates]
          : [],
    );
    const spans = polygons
      .map((polygon) => polygon[0]!)
      .filter((ring) => Math.max(...ring.map(([, lat]) => lat!)) > -60)
      .map((ring) => {
        const lngs = ring.map(([lng]) => lng!);
        return Math.max(...lngs) - Math.min(...lngs);
      });
    expect(spans.length).toBeGreaterThan(50);
    expect(Math.max(...spans)).toBeLessThan(250);
  });
});
