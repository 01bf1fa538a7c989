import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, EXPORT_CONTENT_TYPES, LIST_MESSAGES } from '@spotbook/contract';
import { signedInUser, TestClient, useTestApp } from '../../../test/helper.ts';
import { createList } from '../lists/test/factories.ts';
import { CSV_COLUMNS } from './writers/csv.ts';
import { buildExportWorld, type ExpectedSpot, type ExportWorld } from './test/export-fixtures.ts';
import {
  featureCollectionSchema,
  parseCsv,
  readGpx,
  readKml,
  schemaErrors,
} from './test/read-exports.ts';

/**
 * GET /api/exports/spots.{format} (runtime contract §7, issue 12): every format carries
 * every field of every spot, tricky text unharmed, each file valid by its format's rules;
 * `?list=` follows the lists API's access rules; one user's export never shows another's.
 */
const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
let world: ExportWorld;
let bobsSpot: string;

beforeAll(async () => {
  world = await buildExportWorld(t.ctx, alice);
  // Bob has a spot of his own, on a list, so isolation is tested against real data.
  const bobsList = await createList(bob.client, { name: 'Bob private' });
  const response = await bob.client.post('/api/places/custom/', {
    name: 'Bob secret spot',
    primaryType: 'park',
    lat: 10,
    lng: 10,
  });
  const place = response.json<{ id: string }>();
  await bob.client.post('/api/reviews/create-place-review/', {
    place: { id: place.id },
    review: { review: 'Bob only', rating: 2, visited: false },
    list_id: bobsList.id,
  });
  bobsSpot = 'Bob secret spot';
});

const all = () => Object.values(world.spots);
const byName = <S extends { name: string }>(spots: S[]) =>
  [...spots].sort((a, b) => a.name.localeCompare(b.name));

async function download(client: TestClient, format: string, list?: string | number) {
  const query = list === undefined ? '' : `?list=${encodeURIComponent(String(list))}`;
  const response = await client.get(`/api/exports/spots.${format}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('GeoJSON', () => {
  it('is an RFC 7946 FeatureCollection with every field of every spot', async () => {
    const response = await download(alice.client, 'geojson');
    expect(response.headers['content-type']).toBe(`${EXPORT_CONTENT_TYPES.geojson}; charset=utf-8`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="spotbook-spots.geojson"; filename*=UTF-8''spotbook-spots.geojson`,
    );
    const collection = featureCollectionSchema.parse(JSON.parse(response.body));
    const got = collection.features.map((f) => ({
      ...f.properties,
      longitude: f.geometry.coordinates[0],
      latitude: f.geometry.coordinates[1],
    }));
    expect(byName(got.map(withoutUrl))).toEqual(byName(all().map(withoutId)));
    const museum = got.find((s) => s.place_id === world.spots.museum.place_id)!;
    expect(museum.maps_url).toBe('https://maps.google.com/?cid=123&q=a%20b');
  });
});

describe('CSV', () => {
  it('has a BOM, CRLF, the fixed header, and reads back with csv-parse', async () => {
    const response = await download(alice.client, 'csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith('\uFEFF' + CSV_COLUMNS.join(',') + '\r\n')).toBe(true);
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(all().length);
    for (const spot of all()) {
      const row = rows.find((r) => r.place_id === spot.place_id)!;
      expect(row).toMatchObject({
        address: spot.address,
        latitude: String(spot.latitude),
        longitude: String(spot.longitude),
        category: spot.category,
        rating: String(spot.rating),
        visited: String(spot.visited),
        lists: spot.lists.join(' | '),
      });
      // A cell a spreadsheet would run as a formula starts with a quote (OWASP).
      const formula = /^[=+\-@]/;
      expect(row.name).toBe(formula.test(spot.name) ? `'${spot.name}` : spot.name);
      expect(row.review).toBe(formula.test(spot.review) ? `'${spot.review}` : spot.review);
    }
  });
});

describe('KML', () => {
  it('is valid KML 2.2 with a folder per list and the unlisted spots outside any', async () => {
    const response = await download(alice.client, 'kml');
    expect(response.headers['content-type']).toBe(`${EXPORT_CONTENT_TYPES.kml}; charset=utf-8`);
    expect(await schemaErrors(response.body, 'kml')).toEqual([]);
    const kml = readKml(response.body);
    const { cafes, trip, empty } = world.lists;
    expect(kml.folders.map((f) => f.name)).toEqual([cafes.name, trip.name, empty.name]);
    const placeIds = (name: string) =>
      kml.folders
        .find((f) => f.name === name)!
        .placemarks.map((p) => p.properties?.place_id)
        .sort();
    const { cafe, museum, pin, lonely } = world.spots;
    expect(placeIds(cafes.name)).toEqual([cafe.place_id]);
    expect(placeIds(trip.name)).toEqual([cafe.place_id, museum.place_id, pin.place_id].sort());
    expect(placeIds(empty.name)).toEqual([]);
    expect(kml.loose.map((p) => p.properties?.place_id)).toEqual([lonely.place_id]);
    const placemark = kml.folders[0]!.placemarks[0]!;
    expect(placemark.geometry).toEqual({
      type: 'Point',
      coordinates: [cafe.longitude, cafe.latitude],
    });
    expect(placemark.properties).toMatchObject({
      name: cafe.name,
      address: cafe.address,
      description: cafe.review,
      category: 'cafe',
      rating: '5',
      visited: 'true',
      maps_url: 'https://www.google.com/maps/search/?api=1&query=48.853,2.3499',
    });
  });
});

describe('GPX', () => {
  it('is valid GPX 1.1 with one waypoint per spot and our fields in extensions', async () => {
    const response = await download(alice.client, 'gpx');
    expect(response.headers['content-type']).toBe(`${EXPORT_CONTENT_TYPES.gpx}; charset=utf-8`);
    expect(await schemaErrors(response.body, 'gpx')).toEqual([]);
    const waypoints = readGpx(response.body);
    expect(waypoints).toHaveLength(all().length);
    for (const spot of all()) {
      const wpt = waypoints.find((w) => w.place_id === spot.place_id)!;
      expect(wpt).toMatchObject({
        name: spot.name,
        desc: spot.review,
        type: spot.category,
        lat: spot.latitude,
        lon: spot.longitude,
        address: spot.address,
        rating: String(spot.rating),
        visited: String(spot.visited),
        lists: spot.lists,
      });
      expect(wpt.link).toMatch(/^https:\/\/(www\.)?(maps\.)?google\.com\//);
    }
  });
});

describe('one list (?list=)', () => {
  it('holds only that list, by id or by slug, named after its slug', async () => {
    const { trip } = world.lists;
    for (const key of [trip.id, trip.slug]) {
      const response = await download(alice.client, 'geojson', key);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${trip.slug}.geojson"; filename*=UTF-8''${trip.slug}.geojson`,
      );
      const features = featureCollectionSchema.parse(JSON.parse(response.body)).features;
      const { cafe, museum, pin } = world.spots;
      expect(features.map((f) => f.properties.place_id).sort()).toEqual(
        [cafe.place_id, museum.place_id, pin.place_id].sort(),
      );
      // Only the lists in the export's scope.
      expect(new Set(features.flatMap((f) => f.properties.lists))).toEqual(new Set([trip.name]));
    }
  });

  it("gives a viewer of someone else's shareable list what its page shows", async () => {
    const { cafes } = world.lists;
    for (const format of ['geojson', 'kml', 'gpx', 'csv'] as const) {
      const response = await download(bob.client, format, cafes.slug);
      expect(response.body).toContain(world.spots.cafe.place_id);
      expect(response.body).not.toContain(world.spots.museum.place_id);
      expect(response.body).not.toContain(world.spots.lonely.place_id);
    }
    const kml = readKml((await download(bob.client, 'kml', cafes.slug)).body);
    expect(kml.folders.map((f) => f.name)).toEqual([cafes.name]);
  });

  it('answers a private list of someone else 403 and an unknown one 404, like the lists API', async () => {
    const { trip } = world.lists;
    for (const key of [trip.id, trip.slug]) {
      const response = await bob.client.get(`/api/exports/spots.csv?list=${key}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: LIST_MESSAGES.notPublic });
      expect(response.body).not.toContain(trip.name);
    }
    for (const key of ['999999', `${alice.username}-nope`, 'nodash', '0']) {
      const response = await alice.client.get(`/api/exports/spots.csv?list=${key}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual({ detail: LIST_MESSAGES.listNotFound });
    }
  });
});

describe('who may export', () => {
  it('keeps every user to their own spots', async () => {
    for (const format of ['geojson', 'kml', 'gpx', 'csv']) {
      const mine = (await download(alice.client, format)).body;
      expect(mine).not.toContain(bobsSpot);
      const his = (await download(bob.client, format)).body;
      expect(his).toContain(bobsSpot);
      expect(his).not.toContain(world.spots.cafe.place_id);
    }
  });

  it('asks a signed-out caller to sign in, even for a shareable list (contract §7)', async () => {
    const anonymous = new TestClient(t.app);
    for (const url of [
      '/api/exports/spots.kml',
      `/api/exports/spots.kml?list=${world.lists.cafes.slug}`,
      '/api/exports/account.json',
    ]) {
      const response = await anonymous.get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
    }
  });
});

describe('bad input', () => {
  it('answers an unknown format 404 and a bad list key 400, never a 500', async () => {
    for (const format of ['kmz', 'xml', 'GPX', 'json', '', 'csv%00']) {
      const response = await alice.client.get(`/api/exports/spots.${format}`);
      expect(response.statusCode, format).toBe(404);
      expect(response.json()).toHaveProperty('detail');
    }
    const bad = [
      '', // empty
      'x'.repeat(201), // huge
      '%00', // NUL
      'a%00-b',
    ];
    for (const list of bad) {
      const response = await alice.client.get(`/api/exports/spots.geojson?list=${list}`);
      expect(response.statusCode, list).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
    // Wrong type: the list named twice is an array, not one key.
    const twice = await alice.client.get('/api/exports/spots.csv?list=1&list=2');
    expect(twice.statusCode).toBe(400);
  });

  it('exports an account with no spots as valid, empty files', async () => {
    const empty = await signedInUser(t.app);
    const geojson = featureCollectionSchema.parse(
      JSON.parse((await download(empty.client, 'geojson')).body),
    );
    expect(geojson.features).toEqual([]);
    expect(await schemaErrors((await download(empty.client, 'gpx')).body, 'gpx')).toEqual([]);
    expect(await schemaErrors((await download(empty.client, 'kml')).body, 'kml')).toEqual([]);
    expect(parseCsv((await download(empty.client, 'csv')).body)).toEqual([]);
  });
});

function withoutId({ id: _id, ...spot }: ExpectedSpot) {
  return spot;
}
function withoutUrl({ maps_url: _url, ...spot }: { maps_url: string } & Omit<ExpectedSpot, 'id'>) {
  return spot;
}
