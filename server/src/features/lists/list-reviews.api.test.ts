import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REQUIRED_DETAIL, LIST_MESSAGES } from '@spotbook/contract';
import { clock } from '../../lib/clock.ts';
import { TestClient, type TestUser, useTestApp } from '../../../test/helper.ts';
import { createList, insertSpot } from './test/factories.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
afterEach(() => vi.restoreAllMocks());

const add = (user: TestUser, body: Record<string, unknown>) =>
  user.client.post('/api/list_reviews/list_review/', body);

describe('adding a spot to a list (contract §4)', () => {
  it('adds the caller’s spot to the caller’s list, with a note', async () => {
    const list = await createList(alice.client, { name: 'Adds' });
    const review = await insertSpot(t.ctx.db, alice.id);
    const response = await add(alice, { list: list.id, review, notes: '  Go early.  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      list: list.id,
      review,
      notes: 'Go early.',
      added_to_list_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('refuses a spot already on the list with a 400 that says so', async () => {
    const list = await createList(alice.client, { name: 'Twice' });
    const review = await insertSpot(t.ctx.db, alice.id);
    await add(alice, { list: list.id, review });
    const again = await add(alice, { list: list.id, review, notes: 'again' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: LIST_MESSAGES.alreadyOnList });
  });

  it("refuses someone else's list (403) and someone else's spot like a missing one (404)", async () => {
    const alicesList = await createList(alice.client, { name: 'Hers', shareable_by_link: true });
    const bobsSpot = await insertSpot(t.ctx.db, bob.id);
    const alicesSpot = await insertSpot(t.ctx.db, alice.id);
    const notHisList = await add(bob, { list: alicesList.id, review: bobsSpot });
    expect(notHisList.statusCode).toBe(403);
    expect(notHisList.json()).toEqual({ detail: LIST_MESSAGES.notListOwner });
    const bobsList = await createList(bob.client, { name: 'His' });
    for (const review of [alicesSpot, 99999999]) {
      const response = await add(bob, { list: bobsList.id, review });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: LIST_MESSAGES.spotNotFound });
    }
    const missingList = await add(bob, { list: 99999999, review: bobsSpot });
    expect(missingList.statusCode).toBe(404);
  });

  it('validates the body', async () => {
    const list = await createList(alice.client, { name: 'Notes' });
    const review = await insertSpot(t.ctx.db, alice.id);
    const long = await add(alice, { list: list.id, review, notes: 'n'.repeat(281) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ notes: [LIST_MESSAGES.notesTooLong] });
    for (const list of ['abc', true, '', null, 0, 1.5, '9999999999', 2 ** 31]) {
      const response = await add(alice, { list, review });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ list: [LIST_MESSAGES.invalidId] });
    }
    expect((await add(alice, { list: String(list.id), review: String(review) })).statusCode).toBe(
      201,
    );
    const other = await insertSpot(t.ctx.db, alice.id);
    const longest = await add(alice, { list: list.id, review: other, notes: 'n'.repeat(280) });
    expect(longest.statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const anonymous = new TestClient(t.app);
    for (const response of [
      await anonymous.post('/api/list_reviews/list_review/', { list: 1, review: 1 }),
      await anonymous.delete('/api/list_reviews/list_review/remove/1/1/'),
    ]) {
      expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
    }
  });
});

describe('spots on a list', () => {
  it('come newest-added first, each with its note and the full spot', async () => {
    const list = await createList(alice.client, { name: 'Ordered', shareable_by_link: true });
    const spots = [
      await insertSpot(t.ctx.db, alice.id, { name: 'Old', rating: 5, visited: true }),
      await insertSpot(t.ctx.db, alice.id, { name: 'Newest' }),
      await insertSpot(t.ctx.db, alice.id, { name: 'Middle' }),
    ];
    const at = [1_700_000_000_000, 1_700_000_300_000, 1_700_000_200_000];
    for (const [i, review] of spots.entries()) {
      vi.spyOn(clock, 'now').mockReturnValue(at[i]!);
      await add(alice, { list: list.id, review, notes: `note ${i}` });
    }
    vi.restoreAllMocks();
    const response = await new TestClient(t.app).get(`/api/lists/list/${list.slug}`);
    const body = response.json();
    expect(body.spot_count).toBe(3);
    expect(body.reviews.map((r: { id: number }) => r.id)).toEqual([spots[1], spots[2], spots[0]]);
    expect(body.reviews[2]).toEqual({
      id: spots[0],
      user: alice.id,
      review: 'Worth the detour.',
      rating: 5,
      visited: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      place_details: expect.objectContaining({ displayName: 'Old', city: 'Paris', lat: 48.85 }),
      photos: [],
      added_to_list_at: new Date(at[0]!).toISOString(),
      notes: 'note 0',
    });
  });

  it('can be taken off by the owner only; the spot itself stays', async () => {
    const list = await createList(alice.client, { name: 'Removals' });
    const review = await insertSpot(t.ctx.db, alice.id);
    await add(alice, { list: list.id, review });
    const url = `/api/list_reviews/list_review/remove/${list.id}/${review}/`;
    const byBob = await bob.client.delete(url);
    expect(byBob.statusCode).toBe(403);
    expect((await alice.client.delete(url)).statusCode).toBe(204);
    const again = await alice.client.delete(url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: LIST_MESSAGES.notOnList });
    expect((await alice.client.get(`/api/lists/list/${list.id}`)).json().reviews).toEqual([]);
    const spot = t.ctx.db.selectFrom('reviews').select('id').where('id', '=', review);
    expect(await spot.executeTakeFirst()).toEqual({ id: review });
  });
});
