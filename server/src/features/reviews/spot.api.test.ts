import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, REVIEW_MESSAGES } from '@spotbook/contract';
import { createList, createPlace, createSpot, putOnList } from '../../../test/factories.ts';
import { signedInUser, TestClient, useTestApp } from '../../../test/helper.ts';

let spotId: number;
let placeId: string;

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
beforeEach(async () => {
  placeId = await createPlace(t.ctx, { display_name: 'Sainte-Chapelle', primary_type: 'church' });
  spotId = (await createSpot(alice, placeId, { review: 'Stained glass', rating: 4 })).id;
});

const url = (id: number | string = spotId) => `/api/reviews/review/${id}/`;
const forReview = (id: number | string = spotId) =>
  `/api/list_reviews/list_review/for-review/${id}/`;
const listRows = (reviewId: number) =>
  t.ctx.db.selectFrom('list_reviews').select('list_id').where('review_id', '=', reviewId).execute();

describe('visibility of one spot (contract §4)', () => {
  it('shows the author their spot', async () => {
    const response = await alice.client.get(url());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: spotId,
      user: alice.id,
      review: 'Stained glass',
      rating: 4,
      visited: false,
      place_details: { id: placeId, displayName: 'Sainte-Chapelle', primaryType: 'church' },
    });
  });

  it('answers 404 to strangers, signed in or not, exactly as for a missing spot', async () => {
    const missing = await alice.client.get(url(999_999_999));
    for (const client of [bob.client, new TestClient(t.app)]) {
      const response = await client.get(url());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
      expect((await client.get(forReview())).statusCode).toBe(404);
    }
    expect((await alice.client.get(url('abc'))).statusCode).toBe(404);
  });

  it('keeps a spot on a private list private', async () => {
    const list = await createList(t.ctx, alice.id, { shareable_by_link: 0 });
    await putOnList(t.ctx, list.id, spotId);
    expect((await bob.client.get(url())).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(forReview())).statusCode).toBe(404);
  });

  it('shows the spot to anyone who may view a shareable list holding it', async () => {
    const privateList = await createList(t.ctx, alice.id, { name: 'Secret', shareable_by_link: 0 });
    const shared = await createList(t.ctx, alice.id, { name: 'Paris', shareable_by_link: 1 });
    await putOnList(t.ctx, privateList.id, spotId);
    await putOnList(t.ctx, shared.id, spotId);
    for (const client of [bob.client, new TestClient(t.app)]) {
      const response = await client.get(url());
      expect(response.statusCode).toBe(200);
      expect(response.json().review).toBe('Stained glass');
      // …but only the author's shareable lists holding it
      expect((await client.get(forReview())).json()).toEqual([
        { id: shared.id, name: 'Paris', slug: shared.slug, shareable_by_link: true },
      ]);
    }
    const own = (await alice.client.get(forReview())).json<{ name: string }[]>();
    expect(own.map((l) => l.name)).toEqual(['Paris', 'Secret']);
    // When the list stops being shareable, the spot is private again.
    await t.ctx.db
      .updateTable('lists')
      .set({ shareable_by_link: 0 })
      .where('id', '=', shared.id)
      .execute();
    expect((await bob.client.get(url())).statusCode).toBe(404);
  });

  it('does not let a shareable list of someone else expose a spot', async () => {
    const bobsList = await createList(t.ctx, bob.id, { shareable_by_link: 1 });
    await putOnList(t.ctx, bobsList.id, spotId);
    expect((await new TestClient(t.app).get(url())).statusCode).toBe(404);
    expect((await alice.client.get(forReview())).json()).toEqual([]);
  });
});

describe('PUT /api/reviews/review/{id}/', () => {
  it('updates text, rating and visited, and the search follows the new text', async () => {
    const response = await alice.client.put(url(), {
      review: 'Go at noon',
      rating: 0,
      visited: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ review: 'Go at noon', rating: 0, visited: true });
    const found = await alice.client.get('/api/reviews/review/?search=noon');
    expect(found.json().results.map((r: { id: number }) => r.id)).toContain(spotId);
    const stale = await alice.client.get('/api/reviews/review/?search=stained%20glass');
    expect(stale.json().results.map((r: { id: number }) => r.id)).not.toContain(spotId);
  });

  it('checks text length and rating range with the contract messages', async () => {
    const long = await alice.client.put(url(), { review: 'x'.repeat(801) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ review: [REVIEW_MESSAGES.reviewTooLong] });
    expect((await alice.client.put(url(), { review: 'x'.repeat(800) })).statusCode).toBe(200);
    for (const rating of [6, -1, 2.5, '3']) {
      const bad = await alice.client.put(url(), { rating });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ rating: [REVIEW_MESSAGES.ratingRange] });
    }
    expect((await alice.client.put(url(), { visited: 'yes' })).statusCode).toBe(400);
  });

  it('makes the spot’s lists match `lists`, and refuses lists that are not the caller’s', async () => {
    const [a, b, c] = [
      await createList(t.ctx, alice.id),
      await createList(t.ctx, alice.id),
      await createList(t.ctx, alice.id),
    ];
    await putOnList(t.ctx, a.id, spotId);
    await putOnList(t.ctx, b.id, spotId);
    const response = await alice.client.put(url(), { lists: [b.id, String(c.id)] });
    expect(response.statusCode).toBe(200);
    expect((await listRows(spotId)).map((r) => r.list_id).sort()).toEqual([b.id, c.id].sort());

    const bobsList = await createList(t.ctx, bob.id);
    const refused = await alice.client.put(url(), { lists: [a.id, bobsList.id], rating: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ lists: [REVIEW_MESSAGES.notYourList] });
    expect((await alice.client.get(url())).json().rating).toBe(4); // nothing changed
    expect((await alice.client.put(url(), { lists: [] })).statusCode).toBe(200);
    expect(await listRows(spotId)).toEqual([]);
  });

  it('is the author’s alone: 404 for others, 403 signed out', async () => {
    expect((await bob.client.put(url(), { rating: 1 })).statusCode).toBe(404);
    const anonymous = await new TestClient(t.app).put(url(), { rating: 1 });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().detail).toBe(AUTH_REQUIRED_DETAIL);
    expect((await alice.client.get(url())).json().rating).toBe(4);
  });
});

describe('gallery counts after edits', () => {
  it('follow creates, visited changes and deletes', async () => {
    const user = await signedInUser(t.app);
    const counts = async () => {
      const get = async (q: string) =>
        (await user.client.get(`/api/reviews/review/?visited=${q}`)).json().count as number;
      return [await get('both'), await get('true'), await get('false')];
    };
    const a = await createSpot(user, await createPlace(t.ctx), { visited: true });
    const b = await createSpot(user, await createPlace(t.ctx));
    expect(await counts()).toEqual([2, 1, 1]);
    await user.client.put(`/api/reviews/review/${b.id}/`, { visited: true });
    expect(await counts()).toEqual([2, 2, 0]);
    await user.client.delete(`/api/reviews/review/${a.id}/`);
    expect(await counts()).toEqual([1, 1, 0]);
  });
});

describe('DELETE /api/reviews/review/{id}/', () => {
  it('deletes the spot and its list entries, and keeps the place', async () => {
    const list = await createList(t.ctx, alice.id, { shareable_by_link: 1 });
    await putOnList(t.ctx, list.id, spotId);
    expect((await bob.client.delete(url())).statusCode).toBe(404);
    expect((await alice.client.delete(url())).statusCode).toBe(204);
    expect((await alice.client.get(url())).statusCode).toBe(404);
    expect(await listRows(spotId)).toEqual([]);
    const place = await t.ctx.db
      .selectFrom('places')
      .select('id')
      .where('id', '=', placeId)
      .execute();
    expect(place).toHaveLength(1);
    expect((await alice.client.delete(url())).statusCode).toBe(404);
    const search = await alice.client.get('/api/reviews/review/?search=stained');
    expect(search.json().results.map((r: { id: number }) => r.id)).not.toContain(spotId);
  });
});
