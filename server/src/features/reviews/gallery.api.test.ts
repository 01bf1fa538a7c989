import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, REVIEW_MESSAGES, type ReviewsPage } from '@spotbook/contract';
import { createList, createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, TestClient, useTestApp } from '../../../test/helper.ts';

const ids: Record<string, number> = {};

/** Alice's spots, created oldest first. */
const SPOTS = [
  {
    key: 'louvre',
    name: 'Musée du Louvre',
    city: 'Paris',
    country: 'France',
    type: 'museum',
    review: 'Huge collection',
    rating: 5,
    visited: true,
  },
  {
    key: 'cafe',
    name: 'Café de Flore',
    city: 'Paris',
    country: 'France',
    type: 'cafe',
    review: 'Pricey croissants',
    rating: 2,
    visited: true,
  },
  {
    key: 'prado',
    name: 'Museo del Prado',
    city: 'Madrid',
    country: 'Spain',
    type: 'museum',
    review: 'Goya and Velázquez',
    rating: 0,
    visited: false,
  },
  {
    key: 'retiro',
    name: 'Parque del Retiro',
    city: 'Madrid',
    country: 'Spain',
    type: 'park',
    review: 'Rowing boats on the lake',
    rating: 4,
    visited: false,
  },
  {
    key: 'sao',
    name: 'Pinacoteca',
    city: 'São Paulo',
    country: 'Brazil',
    type: 'museum',
    review: '',
    rating: 1,
    visited: false,
  },
];

const { t, alice } = useTestApp({ users: ['alice'] });
beforeAll(async () => {
  for (const s of SPOTS) {
    const placeId = await createPlace(t.ctx, {
      display_name: s.name,
      city: s.city,
      country: s.country,
      primary_type: s.type,
      formatted_address: `1 Rue Example, ${s.city}, ${s.country}`,
    });
    ids[s.key] = (await createSpot(alice, placeId, s)).id;
  }
  // Someone else's spot never shows up in Alice's gallery.
  const bob = await signedInUser(t.app);
  await createSpot(bob, await createPlace(t.ctx, { display_name: 'Louvre copy' }));
});

async function gallery(query: string, user = alice): Promise<ReviewsPage> {
  const response = await user.client.get(`/api/reviews/review/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const keys = (page: ReviewsPage) =>
  page.results.map((r) => Object.keys(ids).find((k) => ids[k] === r.id));

describe('GET /api/reviews/review/', () => {
  it('answers 403 with the contract detail when signed out', async () => {
    const response = await new TestClient(t.app).get('/api/reviews/review/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
  });

  it('lists only the caller’s spots, newest first, with the place details', async () => {
    const page = await gallery('');
    expect(page.count).toBe(5);
    expect(keys(page)).toEqual(['sao', 'retiro', 'prado', 'cafe', 'louvre']);
    const louvre = page.results.at(-1)!;
    expect(louvre).toMatchObject({
      user: alice.id,
      review: 'Huge collection',
      rating: 5,
      visited: true,
      place_details: { displayName: 'Musée du Louvre', city: 'Paris', primaryType: 'museum' },
    });
    expect(louvre.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('sorts four ways; unrated spots come last for lowest rating', async () => {
    expect(keys(await gallery('?sortBy=oldest'))).toEqual([
      'louvre',
      'cafe',
      'prado',
      'retiro',
      'sao',
    ]);
    expect(keys(await gallery('?sortBy=highest_rating'))).toEqual([
      'louvre',
      'retiro',
      'cafe',
      'sao',
      'prado',
    ]);
    expect(keys(await gallery('?sortBy=lowest_rating'))).toEqual([
      'sao',
      'cafe',
      'retiro',
      'louvre',
      'prado',
    ]);
  });

  it('filters exactly by type, city, country and visited, and combines them', async () => {
    expect(keys(await gallery('?type=museum'))).toEqual(['sao', 'prado', 'louvre']);
    expect(keys(await gallery('?city=Madrid'))).toEqual(['retiro', 'prado']);
    expect(keys(await gallery(`?city=${encodeURIComponent('São Paulo')}`))).toEqual(['sao']);
    expect((await gallery('?city=madrid')).count).toBe(0);
    expect(keys(await gallery('?country=France'))).toEqual(['cafe', 'louvre']);
    expect(keys(await gallery('?visited=true'))).toEqual(['cafe', 'louvre']);
    expect(keys(await gallery('?visited=false'))).toEqual(['sao', 'retiro', 'prado']);
    expect(keys(await gallery('?visited=both&type=museum&country=Spain'))).toEqual(['prado']);
    expect(keys(await gallery('?type=&city='))).toHaveLength(5);
  });

  it('searches name, address, city and review text, ignoring case and accents', async () => {
    expect(keys(await gallery('?search=MUSEE'))).toEqual(['louvre']);
    expect(keys(await gallery('?search=mus'))).toEqual(['prado', 'louvre']);
    expect(keys(await gallery('?search=sao%20paulo'))).toEqual(['sao']);
    expect(keys(await gallery('?search=velazquez'))).toEqual(['prado']);
    expect(keys(await gallery('?search=rue%20example&country=Spain'))).toEqual(['retiro', 'prado']);
    expect(keys(await gallery('?search=croissant'))).toEqual(['cafe']);
    expect(keys(await gallery('?search=rowing&sortBy=highest_rating'))).toEqual(['retiro']);
    expect((await gallery('?search=copy')).count).toBe(0);
    expect((await gallery('?search=zzz')).count).toBe(0);
    expect(keys(await gallery('?search=mus&sortBy=oldest'))).toEqual(['louvre', 'prado']);
    // punctuation alone is no search at all
    expect((await gallery('?search=%22%27*')).count).toBe(5);
  });

  it('finds a letter at the start of a word only, in a search that matches many spots', async () => {
    // Two of five spots (a "dense" search, read by walking the sort index on SQLite) have a
    // word starting with "l"; three hold an "l" inside words only (Flore, Paulo, Velázquez).
    expect(keys(await gallery('?search=l&sortBy=highest_rating'))).toEqual(['louvre', 'retiro']);
    expect(keys(await gallery('?search=l&sortBy=lowest_rating'))).toEqual(['retiro', 'louvre']);
    const second = await gallery('?search=l&sortBy=highest_rating&limit=1&offset=1');
    expect([second.count, keys(second)]).toEqual([2, ['retiro']]);
  });

  it('pages with offset and limit; count is the total', async () => {
    const first = await gallery('?limit=2&offset=0&count=20');
    expect(first.count).toBe(5);
    expect(keys(first)).toEqual(['sao', 'retiro']);
    expect(keys(await gallery('?limit=2&offset=2'))).toEqual(['prado', 'cafe']);
    const last = await gallery('?limit=2&offset=4');
    expect([last.count, keys(last)]).toEqual([5, ['louvre']]);
    const past = await gallery('?limit=2&offset=10');
    expect([past.count, past.results]).toEqual([5, []]);
    expect(keys(await gallery('?search=mus&limit=1&offset=1'))).toEqual(['louvre']);
    expect((await gallery('?search=mus&limit=1')).count).toBe(2);
    const searchPast = await gallery('?search=mus&limit=1&offset=5');
    expect([searchPast.count, searchPast.results]).toEqual([2, []]);
    const filteredPast = await gallery('?search=mus&type=museum&offset=5&sortBy=lowest_rating');
    expect([filteredPast.count, filteredPast.results]).toEqual([2, []]);
  });

  it('caps limit at 100 and defaults it to 20', async () => {
    const bulk = await signedInUser(t.app);
    const placeIds = await Promise.all(
      Array.from({ length: 105 }, (_, i) => createPlace(t.ctx, { display_name: `Bulk ${i}` })),
    );
    for (const placeId of placeIds) await createSpot(bulk, placeId);
    expect((await gallery('?limit=500', bulk)).results).toHaveLength(100);
    const byDefault = await gallery('', bulk);
    expect([byDefault.count, byDefault.results.length]).toEqual([105, 20]);
    // A browser's page comes brotli-compressed (app.ts: quality 2) and reads the same.
    const plain = await bulk.client.get('/api/reviews/review/?limit=100');
    const packed = await bulk.client.request('GET', '/api/reviews/review/?limit=100', undefined, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString())).toEqual(plain.json());
  });

  it('refuses unknown sortBy and visited values with a clear 400', async () => {
    const sort = await alice.client.get('/api/reviews/review/?sortBy=rating');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors.sortBy).toEqual([REVIEW_MESSAGES.sortBy]);
    const visited = await alice.client.get('/api/reviews/review/?visited=yes');
    expect(visited.statusCode).toBe(400);
    expect(visited.json().detail).toContain(REVIEW_MESSAGES.visitedFilter);
    const offset = await alice.client.get('/api/reviews/review/?offset=-1');
    expect(offset.statusCode).toBe(400);
  });
});

describe('GET /api/reviews/review/metadata/', () => {
  it('counts spots, lists and followed shareable lists, and lists the filter options', async () => {
    const carol = await signedInUser(t.app);
    await createList(t.ctx, alice.id, { name: 'Mine' });
    const shared = await createList(t.ctx, carol.id, { shareable_by_link: 1 });
    const unshared = await createList(t.ctx, carol.id, { shareable_by_link: 0 });
    for (const list of [shared, unshared]) {
      await t.ctx.db
        .insertInto('saved_lists')
        .values({ user_id: alice.id, list_id: list.id, created_at: Date.now() })
        .execute();
    }
    const response = await alice.client.get('/api/reviews/review/metadata/');
    expect(response.json()).toEqual({
      saved_list_count: 1,
      review_count: 5,
      list_count: 1,
      types: ['cafe', 'museum', 'park'],
      cities: ['Madrid', 'Paris', 'São Paulo'],
      countries: ['Brazil', 'France', 'Spain'],
    });
  });

  it('follows every write of the spots, the lists and the follows (options are cached per version)', async () => {
    const erin = await signedInUser(t.app);
    const metadata = async () => (await erin.client.get('/api/reviews/review/metadata/')).json();
    const lisbon = { city: 'Lisbon', country: 'Portugal', primary_type: 'bakery' };
    const first = await createSpot(erin, await createPlace(t.ctx, lisbon));
    expect(await metadata()).toMatchObject({
      review_count: 1,
      types: ['bakery'],
      cities: ['Lisbon'],
    });
    const kyoto = { city: 'Kyoto', country: 'Japan', primary_type: 'temple' };
    await createSpot(erin, await createPlace(t.ctx, kyoto));
    expect(await metadata()).toMatchObject({
      review_count: 2,
      types: ['bakery', 'temple'],
      cities: ['Kyoto', 'Lisbon'],
      countries: ['Japan', 'Portugal'],
    });
    expect((await erin.client.delete(`/api/reviews/review/${first.id}/`)).statusCode).toBe(204);
    expect(await metadata()).toMatchObject({
      review_count: 1,
      types: ['temple'],
      cities: ['Kyoto'],
    });
    await createList(t.ctx, erin.id, { name: 'New list' });
    expect(await metadata()).toMatchObject({ list_count: 1 });
  });

  it('is all zeros and empty for a new user, and 403 when signed out', async () => {
    const dave = await signedInUser(t.app);
    expect((await dave.client.get('/api/reviews/review/metadata/')).json()).toEqual({
      saved_list_count: 0,
      review_count: 0,
      list_count: 0,
      types: [],
      cities: [],
      countries: [],
    });
    const anonymous = await new TestClient(t.app).get('/api/reviews/review/metadata/');
    expect(anonymous.statusCode).toBe(403);
  });
});
