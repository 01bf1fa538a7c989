import { describe, expect, it } from 'vitest';
import type { ReviewsPage } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, type TestUser, useTestApp } from '../../../test/helper.ts';
import { storedVersion } from '../../../test/versions.ts';
import { GalleryCache, galleryCacheKey } from './gallery-cache.ts';

/*
 * The gallery's response cache (gallery-cache.ts, migration 004) must never serve a page
 * older than the last write, whoever wrote it, nor one user's page to another.
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

async function gallery(user: TestUser, query = ''): Promise<ReviewsPage> {
  const response = await user.client.get(`/api/reviews/review/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const version = (userId: number) => storedVersion(t.ctx.db, 'spot_counts', userId);

const newSpot = async (user: TestUser, name: string, input = {}) =>
  (await createSpot(user, await createPlace(t.ctx, { display_name: name }), input)).id;

describe('gallery response cache', () => {
  it('answers a repeated request with the same JSON, typed as JSON', async () => {
    await newSpot(alice, 'Cached Tower');
    const first = await alice.client.get('/api/reviews/review/');
    const again = await alice.client.get('/api/reviews/review/');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(JSON.stringify(again.json())).toBe(again.body);
  });

  it('shows a create, an edit and a delete at once (same user, same query)', async () => {
    const query = '?sortBy=newest&limit=5';
    const before = await gallery(alice, query);
    await gallery(alice, query); // now cached

    const id = await newSpot(alice, 'Fresh Bakery', { review: 'Warm bread', rating: 3 });
    const created = await gallery(alice, query);
    expect(created.count).toBe(before.count + 1);
    expect(created.results[0]).toMatchObject({ id, review: 'Warm bread', rating: 3 });

    const edit = await alice.client.put(`/api/reviews/review/${id}/`, {
      review: 'Stale bread',
      rating: 1,
      visited: true,
    });
    expect(edit.statusCode).toBe(200);
    const edited = await gallery(alice, query);
    expect(edited.results[0]).toMatchObject({
      id,
      review: 'Stale bread',
      rating: 1,
      visited: true,
    });
    expect((await gallery(alice, '?visited=true')).results.map((r) => r.id)).toContain(id);

    expect((await alice.client.delete(`/api/reviews/review/${id}/`)).statusCode).toBe(204);
    const deleted = await gallery(alice, query);
    expect(deleted.count).toBe(before.count);
    expect(deleted.results.map((r) => r.id)).not.toContain(id);
    expect((await gallery(alice, '?visited=true')).results.map((r) => r.id)).not.toContain(id);
  });

  it('sees a write made by another app server (straight into the database)', async () => {
    const id = await newSpot(alice, 'Quiet Garden', { review: 'Calm' });
    expect((await gallery(alice)).results[0]).toMatchObject({ id, review: 'Calm' });
    await t.ctx.db
      .updateTable('reviews')
      .set({ review: 'Crowded', rating: 5 })
      .where('id', '=', id)
      .execute();
    expect((await gallery(alice)).results[0]).toMatchObject({ id, review: 'Crowded', rating: 5 });
    await t.ctx.db.deleteFrom('reviews').where('id', '=', id).execute();
    expect((await gallery(alice)).results.map((r) => r.id)).not.toContain(id);
  });

  it('never shows one user the page another user cached for the same query', async () => {
    const carol = await signedInUser(t.app);
    await newSpot(alice, 'Alice Only Museum');
    const query = '?search=only&sortBy=oldest';
    const alicePage = await gallery(alice, query);
    expect(alicePage.results.map((r) => r.user)).toEqual([alice.id]);
    // Carol has no spot at all (no counter row: version 0), Bob has his own.
    expect(await gallery(carol, query)).toEqual({ count: 0, results: [] });
    await newSpot(bob, 'Bob Only Cafe');
    const bobPage = await gallery(bob, query);
    expect(bobPage.results.map((r) => r.user)).toEqual([bob.id]);
    for (let i = 0; i < 2; i++) {
      expect(await gallery(alice, query)).toEqual(alicePage);
      expect(await gallery(bob, query)).toEqual(bobPage);
      expect(await gallery(carol, query)).toEqual({ count: 0, results: [] });
    }
  });

  it('keeps users at the same version apart', async () => {
    const [erin, frank] = [await signedInUser(t.app), await signedInUser(t.app)];
    const erinSpot = await newSpot(erin, 'Erin Pier');
    const frankSpot = await newSpot(frank, 'Frank Fountain');
    // Only the user in the key tells their pages apart.
    expect(await version(erin.id)).toBe(await version(frank.id));
    for (let i = 0; i < 2; i++) {
      expect((await gallery(erin)).results.map((r) => r.id)).toEqual([erinSpot]);
      expect((await gallery(frank)).results.map((r) => r.id)).toEqual([frankSpot]);
    }
  });

  it('bumps the user’s version on every insert, update and delete, by trigger', async () => {
    const dave = await signedInUser(t.app);
    expect(await version(dave.id)).toBe(0);
    const id = await newSpot(dave, 'Versioned Bridge');
    const afterInsert = await version(dave.id);
    expect(afterInsert).toBeGreaterThan(0);
    await t.ctx.db.updateTable('reviews').set({ rating: 2 }).where('id', '=', id).execute();
    const afterUpdate = await version(dave.id);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await t.ctx.db.deleteFrom('reviews').where('id', '=', id).execute();
    expect(await version(dave.id)).toBeGreaterThan(afterUpdate);
    // Counts (migration 002) are untouched by the version triggers.
    expect(
      await t.ctx.db
        .selectFrom('spot_counts')
        .select(['total', 'visited'])
        .where('user_id', '=', dave.id)
        .executeTakeFirst(),
    ).toEqual({ total: 0, visited: 0 });
    // Someone else's writes leave it alone.
    const before = await version(dave.id);
    await newSpot(alice, 'Not Dave’s');
    expect(await version(dave.id)).toBe(before);
  });
});

describe('GalleryCache', () => {
  const q = { offset: 0, limit: 20, sortBy: 'newest', visited: 'both' } as const;

  it('keys by user and every parameter, ignoring absent filters’ spelling', () => {
    expect(galleryCacheKey(1, q)).not.toBe(galleryCacheKey(2, q));
    expect(galleryCacheKey(1, q)).not.toBe(galleryCacheKey(1, { ...q, city: 'Paris' }));
    expect(galleryCacheKey(1, q)).not.toBe(galleryCacheKey(1, { ...q, type: 'Paris' }));
    expect(galleryCacheKey(1, q)).toBe(galleryCacheKey(1, { ...q, search: undefined }));
  });

  it('hits only at the stored version and stays within its byte budget, oldest out first', () => {
    const cache = new GalleryCache(1000);
    const page = (char: string, bytes: number) => Buffer.from(char.repeat(bytes));
    cache.set('a', 1, page('x', 400));
    expect(cache.get('a', 1)).toHaveLength(400);
    expect(cache.get('a', 2)).toBeUndefined();
    cache.set('b', 1, page('y', 400));
    cache.get('a', 1); // a is now the most recently used
    cache.set('c', 1, page('z', 400));
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    cache.set('a', 2, page('w', 1)); // replaces a's older version
    expect([cache.get('a', 1), cache.get('a', 2)?.toString(), cache.size]).toEqual([
      undefined,
      'w',
      2,
    ]);
    cache.set('huge', 1, page('h', 1200));
    expect(cache.get('huge', 1)).toBeUndefined();
  });
});
