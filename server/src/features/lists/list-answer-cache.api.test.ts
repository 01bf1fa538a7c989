import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIST_MESSAGES, type ListDetail } from '@spotbook/contract';
import { clock } from '../../lib/clock.ts';
import { sql } from 'kysely';
import { TestClient, type TestUser, useTestApp } from '../../../test/helper.ts';
import { storedVersion } from '../../../test/versions.ts';
import { PHOTO_COLUMNS_SHOWN, SPOT_COLUMNS_SHOWN } from '../../db/migrations/009_list_versions.ts';
import { createList, insertSpot, type CreatedList } from './test/factories.ts';

/*
 * A list's answer is cached per list version (list-answer-cache.ts, migration 009): it must
 * never be older than the last write that changes it, through the API or straight into the
 * database (another app server), and never reach a viewer the list is not shown to.
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

async function detail(list: CreatedList, client: TestClient = alice.client) {
  const response = await client.get(`/api/lists/list/${list.slug}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListDetail>();
}

const version = (listId: number) => storedVersion(t.ctx.db, 'lists', listId);

const addSpot = async (user: TestUser, list: CreatedList, review: number, notes = '') => {
  const response = await user.client.post('/api/list_reviews/list_review/', {
    list: list.id,
    review,
    notes,
  });
  expect(response.statusCode, response.body).toBe(201);
};

const insertPhoto = (review: number, userId: number, position: number) =>
  t.ctx.db
    .insertInto('photos')
    .values({
      review_id: review,
      user_id: userId,
      position,
      width: 40,
      height: 30,
      bytes: 2,
      large: Buffer.from('l'),
      thumb: Buffer.from('t'),
      etag: `e${position}`,
      created_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The columns of a spot and of a photo the list's answer doesn't show (migration 009). */
const SPOT_COLUMNS_NOT_SHOWN = [
  'place_name',
  'place_type',
  'place_city',
  'place_country',
  'search_norm',
] as const;
const PHOTO_COLUMNS_NOT_SHOWN = [
  'user_id',
  'bytes',
  'large',
  'thumb',
  'etag',
  'created_at',
] as const;

describe('list answer cache', () => {
  it('answers a repeated request with the same JSON, typed as JSON, to every viewer', async () => {
    const list = await createList(alice.client, { name: 'Repeat', shareable_by_link: true });
    await addSpot(alice, list, await insertSpot(t.ctx.db, alice.id, { review: 'Once' }));
    const first = await alice.client.get(`/api/lists/list/${list.slug}/`);
    const again = await alice.client.get(`/api/lists/list/${list.id}/`);
    const anonymous = await new TestClient(t.app).get(`/api/lists/list/${list.slug}/`);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(anonymous.body).toBe(first.body);
    expect(JSON.stringify(again.json())).toBe(again.body);
  });

  it('sends the kept gzip bytes to a client that accepts gzip, plain JSON to one that does not', async () => {
    const list = await createList(alice.client, { name: 'Zipped', shareable_by_link: true });
    for (const review of ['First', 'Second', 'Third'])
      await addSpot(alice, list, await insertSpot(t.ctx.db, alice.id, { review }));
    const plain = await alice.client.get(`/api/lists/list/${list.slug}/`);
    const get = (acceptEncoding: string) =>
      alice.client.request('GET', `/api/lists/list/${list.slug}/`, undefined, {
        'accept-encoding': acceptEncoding,
      });
    // What Chromium sends, and what curl --compressed sends: the kept bytes, gzipped.
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'deflate, gzip']) {
      const zipped = await get(acceptEncoding);
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // Gzip refused (q=0), or only encodings we don't keep: plain JSON, never recompressed.
    for (const acceptEncoding of ['gzip;q=0, identity', 'identity', 'compress']) {
      const unzipped = await get(acceptEncoding);
      expect(unzipped.statusCode).toBe(200);
      expect(unzipped.headers['content-encoding']).toBeUndefined();
      expect(unzipped.body).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(
      plain
        .json<ListDetail>()
        .reviews.map((spot) => spot.review)
        .sort(),
    ).toEqual(['First', 'Second', 'Third']);
  });

  it('still refuses a private list to others once its owner has it cached', async () => {
    const list = await createList(alice.client, { name: 'Private cached' });
    await detail(list);
    const other = await bob.client.get(`/api/lists/list/${list.slug}/`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: LIST_MESSAGES.notPublic });
    // Made private after a public view: the cached answer is not shown any more.
    const shared = await createList(alice.client, { name: 'Was shared', shareable_by_link: true });
    await detail(shared, bob.client);
    const patch = await alice.client.patch(`/api/lists/list/${shared.id}/`, {
      shareable_by_link: false,
    });
    expect(patch.statusCode).toBe(200);
    expect((await bob.client.get(`/api/lists/list/${shared.id}/`)).statusCode).toBe(403);
  });

  it('shows every write through the API at once', async () => {
    const list = await createList(alice.client, { name: 'Busy', shareable_by_link: true });
    await detail(list); // cached empty
    const spot = await insertSpot(t.ctx.db, alice.id, { review: 'First words', rating: 2 });
    await addSpot(alice, list, spot, 'Go early');
    expect((await detail(list)).reviews).toMatchObject([
      { id: spot, review: 'First words', rating: 2, notes: 'Go early' },
    ]);

    const edit = await alice.client.put(`/api/reviews/review/${spot}/`, {
      review: 'Second words',
      rating: 5,
      visited: true,
    });
    expect(edit.statusCode).toBe(200);
    expect((await detail(list)).reviews[0]).toMatchObject({
      review: 'Second words',
      rating: 5,
      visited: true,
    });

    const rename = await alice.client.patch(`/api/lists/list/${list.id}/`, {
      name: 'Busier',
      description: 'Now described',
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ name: 'Busier', description: 'Now described' });
    // The owner's answer to the rename is the answer every reader of the new version gets.
    expect((await alice.client.get(`/api/lists/list/${list.id}/`)).body).toBe(rename.body);
    expect(await detail(list)).toMatchObject({ name: 'Busier', description: 'Now described' });

    const removed = await alice.client.delete(
      `/api/list_reviews/list_review/remove/${list.id}/${spot}/`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await detail(list)).toMatchObject({ spot_count: 0, reviews: [] });

    await addSpot(alice, list, spot);
    expect((await detail(list)).spot_count).toBe(1);
    expect((await alice.client.delete(`/api/reviews/review/${spot}/`)).statusCode).toBe(204);
    expect(await detail(list)).toMatchObject({ spot_count: 0, reviews: [] });
  });

  it('sees writes made by another app server (straight into the database)', async () => {
    const list = await createList(alice.client, { name: 'Elsewhere', shareable_by_link: true });
    const spot = await insertSpot(t.ctx.db, alice.id, { review: 'Calm' });
    await addSpot(alice, list, spot);
    await detail(list);
    const db = t.ctx.db;

    await db.updateTable('reviews').set({ review: 'Crowded' }).where('id', '=', spot).execute();
    expect((await detail(list)).reviews[0]!.review).toBe('Crowded');

    await db
      .updateTable('list_reviews')
      .set({ notes: 'Bring cash' })
      .where('review_id', '=', spot)
      .execute();
    expect((await detail(list)).reviews[0]!.notes).toBe('Bring cash');

    await db
      .updateTable('lists')
      .set({ description: 'Quietly' })
      .where('id', '=', list.id)
      .execute();
    expect((await detail(list)).description).toBe('Quietly');

    const photo = await insertPhoto(spot, alice.id, 0);
    const second = await insertPhoto(spot, alice.id, 1);
    expect((await detail(list)).reviews[0]!.photos.map((p) => p.id)).toEqual([photo.id, second.id]);
    await db.updateTable('photos').set({ position: 2 }).where('id', '=', photo.id).execute();
    expect((await detail(list)).reviews[0]!.photos.map((p) => p.id)).toEqual([second.id, photo.id]);
    await db.deleteFrom('photos').where('id', '=', second.id).execute();
    expect((await detail(list)).reviews[0]!.photos.map((p) => p.id)).toEqual([photo.id]);

    await db.deleteFrom('reviews').where('id', '=', spot).execute();
    expect((await detail(list)).reviews).toEqual([]);
  });

  it('moves the list’s version by trigger on each such write, and only that list’s', async () => {
    const list = await createList(alice.client, { name: 'Counted' });
    const other = await createList(alice.client, { name: 'Untouched' });
    const spot = await insertSpot(t.ctx.db, alice.id);
    const steps: [string, () => Promise<unknown>][] = [
      ['entry added', () => addSpot(alice, list, spot)],
      [
        'entry notes',
        () =>
          t.ctx.db
            .updateTable('list_reviews')
            .set({ notes: 'n' })
            .where('list_id', '=', list.id)
            .execute(),
      ],
      [
        'spot edited',
        () => t.ctx.db.updateTable('reviews').set({ rating: 1 }).where('id', '=', spot).execute(),
      ],
      ['photo added', () => insertPhoto(spot, alice.id, 0)],
      [
        'list renamed',
        () =>
          t.ctx.db
            .updateTable('lists')
            .set({ name: 'Recounted' })
            .where('id', '=', list.id)
            .execute(),
      ],
      ['spot deleted', () => t.ctx.db.deleteFrom('reviews').where('id', '=', spot).execute()],
    ];
    const untouched = await version(other.id);
    for (const [step, write] of steps) {
      const before = await version(list.id);
      await write();
      expect(await version(list.id), step).toBeGreaterThan(before);
    }
    expect(await version(other.id)).toBe(untouched);
  });

  it('moves it on an update of a column the answer shows, and only then', async () => {
    const list = await createList(alice.client, { name: 'Columns' });
    const spot = await insertSpot(t.ctx.db, alice.id);
    await addSpot(alice, list, spot);
    const photo = (await insertPhoto(spot, alice.id, 0)).id;
    // Both databases fire `UPDATE OF` when the statement sets the column, whatever the value:
    // setting a column to itself is exactly what the trigger's column list decides on.
    const setItself = (table: 'reviews' | 'photos', column: string, id: number) =>
      sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)}
          WHERE id = ${id}`.execute(t.ctx.db);
    const cases = [
      ...SPOT_COLUMNS_SHOWN.map((c) => ['reviews', c, spot, true] as const),
      ...SPOT_COLUMNS_NOT_SHOWN.map((c) => ['reviews', c, spot, false] as const),
      ...PHOTO_COLUMNS_SHOWN.map((c) => ['photos', c, photo, true] as const),
      ...PHOTO_COLUMNS_NOT_SHOWN.map((c) => ['photos', c, photo, false] as const),
    ];
    for (const [table, column, id, moves] of cases) {
      const before = await version(list.id);
      await setItself(table, column, id);
      expect((await version(list.id)) > before, `${table}.${column}`).toBe(moves);
    }
    // A real change of a column not shown: the place's copies and search words.
    const before = await version(list.id);
    await t.ctx.db
      .updateTable('reviews')
      .set({ place_city: 'Elsewhere', search_norm: 'other words' })
      .where('id', '=', spot)
      .execute();
    expect(await version(list.id)).toBe(before);
  });
});
