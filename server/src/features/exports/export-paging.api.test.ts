import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { spotColumns } from '../reviews/spot-columns.ts';
import { EXPORT_PAGE_SIZE } from './spot-pages.ts';
import { featureCollectionSchema, parseCsv, readKml } from './test/read-exports.ts';

/**
 * Exports read a page of spots at a time (keyset on created_at/added_at, then id): across
 * several pages, and with every timestamp equal, each spot comes out exactly once.
 */
const { t, alice } = useTestApp({ users: ['alice'] });
const SPOTS = EXPORT_PAGE_SIZE * 2 + 37;
const ON_LIST = EXPORT_PAGE_SIZE + 11;
let listId: number;

beforeAll(async () => {
  const now = Date.now(); // one instant for every row: the id must break the ties
  const run = `${process.pid}-${now.toString(36)}`;
  const places = Array.from({ length: SPOTS }, (_, i) => ({
    id: `lm:paging-${run}-${i}`,
    provider: 'embedded',
    display_name: `Place ${i}`,
    formatted_address: '',
    city: '',
    country: '',
    lat: (i % 170) - 85,
    lng: (i % 350) - 175,
    primary_type: 'cafe',
    website_uri: '',
    google_maps_uri: '',
    editorial_summary: '',
    photo_ref: '',
    cached_preview_image: '',
    owner_id: null,
    created_at: now,
  }));
  const db = t.ctx.db;
  const reviewIds: number[] = [];
  for (let start = 0; start < SPOTS; start += 200) {
    const batch = places.slice(start, start + 200);
    await db.insertInto('places').values(batch).execute();
    const rows = await db
      .insertInto('reviews')
      .values(
        batch.map((place) => ({
          user_id: alice.id,
          place_id: place.id,
          review: '',
          rating: 3,
          visited: 0,
          created_at: now,
          updated_at: now,
          ...spotColumns(place, ''),
        })),
      )
      .returning('id')
      .execute();
    reviewIds.push(...rows.map((row) => row.id));
  }
  const list = await alice.client.post('/api/lists/list/', { name: 'Big one' });
  listId = list.json<{ id: number }>().id;
  await db
    .insertInto('list_reviews')
    .values(
      reviewIds
        .slice(0, ON_LIST)
        .map((review_id) => ({ list_id: listId, review_id, notes: '', added_at: now })),
    )
    .execute();
});

const placeIdsOf = (body: string) =>
  featureCollectionSchema.parse(JSON.parse(body)).features.map((f) => f.properties.place_id);

it('exports every spot once across pages', async () => {
  const ids = placeIdsOf((await alice.client.get('/api/exports/spots.geojson')).body);
  expect(ids).toHaveLength(SPOTS);
  expect(new Set(ids).size).toBe(SPOTS);
  const rows = parseCsv((await alice.client.get('/api/exports/spots.csv')).body);
  expect(rows.filter((row) => row.lists === 'Big one')).toHaveLength(ON_LIST);
});

it("exports every spot of a list once across pages, and the list's folder in KML", async () => {
  const ids = placeIdsOf(
    (await alice.client.get(`/api/exports/spots.geojson?list=${listId}`)).body,
  );
  expect(new Set(ids).size).toBe(ON_LIST);
  expect(ids).toHaveLength(ON_LIST);
  const kml = readKml((await alice.client.get('/api/exports/spots.kml')).body);
  expect(kml.folders.map((f) => [f.name, f.placemarks.length])).toEqual([['Big one', ON_LIST]]);
  expect(kml.loose).toHaveLength(SPOTS - ON_LIST);
});
