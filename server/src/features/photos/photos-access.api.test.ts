import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES, type Photo } from '@spotbook/contract';
import { createList, createPlace, createSpot, putOnList } from '../../../test/factories.ts';
import { TestClient, useTestApp } from '../../../test/helper.ts';
import * as images from './test/images.ts';
import { uploaded } from './test/upload.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
const anonymous = () => new TestClient(t.app);

/** A spot of Alice's with `count` photos, on a list of hers that is shareable or not. */
async function spotWithPhotos(count: number, shareable: boolean | null) {
  const spotId = (await createSpot(alice, await createPlace(t.ctx))).id;
  if (shareable !== null) {
    const list = await createList(t.ctx, alice.id, { shareable_by_link: shareable ? 1 : 0 });
    await putOnList(t.ctx, list.id, spotId);
  }
  const photos: Photo[] = [];
  for (let i = 0; i < count; i++) {
    photos.push(await uploaded(alice.client, spotId, await images.jpeg(60 + i, 40)));
  }
  return { spotId, photos };
}

describe('serving a photo follows the spot’s visibility (contract §4, §8)', () => {
  let shared: Photo, onPrivateList: Photo, onNoList: Photo;
  beforeAll(async () => {
    shared = (await spotWithPhotos(1, true)).photos[0]!;
    onPrivateList = (await spotWithPhotos(1, false)).photos[0]!;
    onNoList = (await spotWithPhotos(1, null)).photos[0]!;
  });

  it('shows the author every photo, privately cached unless the spot is shared', async () => {
    for (const [photo, scope] of [
      [shared, 'public'],
      [onPrivateList, 'private'],
      [onNoList, 'private'],
    ] as const) {
      const response = await alice.client.get(photo.thumb_url);
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': `${scope}, max-age=31536000, immutable`,
        'x-content-type-options': 'nosniff',
        etag: expect.stringMatching(/^"[\w-]+-thumb"$/),
      });
    }
  });

  it('shows a shared spot’s photos to anyone, signed in or not', async () => {
    for (const client of [bob.client, anonymous()]) {
      for (const url of [shared.url, shared.thumb_url]) {
        const response = await client.get(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('answers 404 to anyone else, exactly as for a photo that does not exist', async () => {
    const missing = await alice.client.get('/api/photos/999999999/large.webp');
    expect(missing.statusCode).toBe(404);
    for (const client of [bob.client, anonymous()]) {
      for (const photo of [onPrivateList, onNoList]) {
        const response = await client.get(photo.url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missing.json());
        expect(response.headers['cache-control']).toBeUndefined();
        expect(response.headers.etag).toBeUndefined();
      }
    }
    for (const url of [
      `/api/photos/${shared.id}/original.jpg`,
      `/api/photos/${shared.id}/large.png`,
      '/api/photos/abc/large.webp',
      '/api/photos/99999999999/thumb.webp',
    ]) {
      expect((await alice.client.get(url)).statusCode).toBe(404);
    }
  });

  it('answers 304 to a matching If-None-Match, and a new ETag per version', async () => {
    const first = await alice.client.get(shared.url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/-large"$/);
    const again = await alice.client.request('GET', shared.url, undefined, {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const thumb = await alice.client.get(shared.thumb_url);
    expect(thumb.headers.etag).not.toBe(etag);
    // A stranger can't probe a private photo with a tag: still the 404.
    const probe = await bob.client.request('GET', onNoList.url, undefined, {
      'if-none-match': '*',
    });
    expect(probe.statusCode).toBe(404);
  });
});

describe('order, delete and cover', () => {
  it('puts the photos in the order given; the first is the cover everywhere the spot shows', async () => {
    const { spotId, photos } = await spotWithPhotos(3, true);
    const [a, b, c] = photos.map((p) => p.id) as [number, number, number];
    const order = `/api/reviews/review/${spotId}/photos/order/`;
    const reordered = await alice.client.put(order, { ids: [c, a, b] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().map((p: Photo) => p.id)).toEqual([c, a, b]);

    const spot = await alice.client.get(`/api/reviews/review/${spotId}/`);
    expect(spot.json().photos.map((p: Photo) => p.id)).toEqual([c, a, b]);
    const gallery = await alice.client.get('/api/reviews/review/?limit=100');
    const card = gallery.json().results.find((r: { id: number }) => r.id === spotId);
    expect(card.photos.map((p: Photo) => p.id)).toEqual([c, a, b]);
    const listId = (
      await t.ctx.db
        .selectFrom('list_reviews')
        .select('list_id')
        .where('review_id', '=', spotId)
        .executeTakeFirstOrThrow()
    ).list_id;
    for (const client of [alice.client, anonymous()]) {
      const list = await client.get(`/api/lists/list/${listId}/`);
      expect(list.statusCode).toBe(200);
      expect(list.json().reviews[0].photos.map((p: Photo) => p.id)).toEqual([c, a, b]);
      expect(list.json().reviews[0].photos[0]).toEqual({
        id: c,
        width: expect.any(Number),
        height: expect.any(Number),
        url: `/api/photos/${c}/large.webp`,
        thumb_url: `/api/photos/${c}/thumb.webp`,
      });
    }
  });

  it('refuses an order that is not exactly the spot’s photos', async () => {
    const { spotId, photos } = await spotWithPhotos(2, null);
    const other = (await spotWithPhotos(1, null)).photos[0]!.id;
    const [a, b] = photos.map((p) => p.id) as [number, number];
    const order = `/api/reviews/review/${spotId}/photos/order/`;
    for (const ids of [[a], [a, a], [a, b, other], [a, other], [], [b, a, a]]) {
      const response = await alice.client.put(order, { ids });
      expect([response.statusCode, response.json().detail]).toEqual([
        400,
        PHOTO_MESSAGES.orderMismatch,
      ]);
    }
    for (const body of [
      { ids: 'a' },
      { ids: [0] },
      { ids: ['1\u0000'] },
      {},
      { ids: Array(21).fill(a) },
    ]) {
      expect((await alice.client.put(order, body)).statusCode).toBe(400);
    }
    expect((await bob.client.put(order, { ids: [b, a] })).statusCode).toBe(404);
    const spot = await alice.client.get(`/api/reviews/review/${spotId}/`);
    expect(spot.json().photos.map((p: Photo) => p.id)).toEqual([a, b]);
  });

  it('deletes a photo for its author only; its URLs then answer 404', async () => {
    const { spotId, photos } = await spotWithPhotos(2, true);
    const [a, b] = photos as [Photo, Photo];
    const url = `/api/reviews/review/${spotId}/photos/${a.id}/`;
    expect((await bob.client.delete(url)).statusCode).toBe(404);
    expect((await anonymous().delete(url)).statusCode).toBe(403);
    expect((await alice.client.delete(url)).statusCode).toBe(204);
    expect((await alice.client.delete(url)).statusCode).toBe(404);
    // Another spot's photo id under this spot: not found either.
    const elsewhere = (await spotWithPhotos(1, null)).photos[0]!;
    expect(
      (await alice.client.delete(`/api/reviews/review/${spotId}/photos/${elsewhere.id}/`))
        .statusCode,
    ).toBe(404);
    expect((await alice.client.get(a.url)).statusCode).toBe(404);
    const spot = await alice.client.get(`/api/reviews/review/${spotId}/`);
    expect(spot.json().photos.map((p: Photo) => p.id)).toEqual([b.id]);
  });

  it('a new photo invalidates the cached gallery page', async () => {
    const { spotId } = await spotWithPhotos(0, null);
    const before = await alice.client.get('/api/reviews/review/?limit=100');
    expect(before.json().results.find((r: { id: number }) => r.id === spotId).photos).toEqual([]);
    const photo = await uploaded(alice.client, spotId, await images.jpeg(50, 50));
    const after = await alice.client.get('/api/reviews/review/?limit=100');
    expect(after.json().results.find((r: { id: number }) => r.id === spotId).photos).toEqual([
      photo,
    ]);
  });
});

describe('photos go with their spot and their account', () => {
  it('deletes a spot’s photos with the spot', async () => {
    const { spotId, photos } = await spotWithPhotos(2, true);
    expect((await alice.client.delete(`/api/reviews/review/${spotId}/`)).statusCode).toBe(204);
    const left = await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('review_id', '=', spotId)
      .execute();
    expect(left).toEqual([]);
    expect((await alice.client.get(photos[0]!.url)).statusCode).toBe(404);
  });

  it('deletes an account’s photos with the account (FK cascade)', async () => {
    const { signedInUser } = await import('../../../test/helper.ts');
    const carol = await signedInUser(t.app);
    const spotId = (await createSpot(carol, await createPlace(t.ctx))).id;
    await uploaded(carol.client, spotId, await images.jpeg(40, 40));
    await t.ctx.db.deleteFrom('users').where('id', '=', carol.id).execute();
    const left = await t.ctx.db
      .selectFrom('photos')
      .select('id')
      .where('user_id', '=', carol.id)
      .execute();
    expect(left).toEqual([]);
  });
});
