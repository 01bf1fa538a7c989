import { describe, expect, it } from 'vitest';
import type { ListDetail, Review } from '@spotbook/contract';
import { createList, createPlace, createSpot, putOnList } from '../../test/factories.ts';
import { TestClient, useTestApp } from '../../test/helper.ts';
import { SESSION_COLUMN, StatementTimeline } from '../../test/statement-timeline.ts';

/*
 * On PostgreSQL each statement in a row is a wait for the event loop under load. The spot
 * page, a list's page and a spot's edit read their spot or list by the id or key in the
 * URL, which needs nothing of the session: the session hook sends that read beside its
 * own (read-beside-session.ts), and the route decides what the caller may see once both
 * are answered. The visibility rules themselves are spot.api.test.ts's and the lists'.
 */

const timeline = new StatementTimeline();
const { t, alice, bob } = useTestApp({
  users: ['alice', 'bob'],
  watchDb: (db) => timeline.watch(db),
});

/** Whether the statement answered at `read` was sent before the session was answered. */
function sentBesideSession(read: number) {
  const session = timeline.answerHaving(SESSION_COLUMN);
  expect(session).toBeGreaterThanOrEqual(0);
  expect(read).toBeGreaterThanOrEqual(0);
  return timeline.sentOf(read) >= 0 && timeline.sentOf(read) < session;
}

describe('reads beside the session', () => {
  it('sends the spot page’s read of the spot beside the session’s', async () => {
    const place = await createPlace(t.ctx, { display_name: 'Old mill' });
    const { id } = await createSpot(alice, place, { review: 'Wheel', rating: 4 });
    timeline.clear();
    const response = await alice.client.get(`/api/reviews/review/${id}/`);
    expect(response.json<Review>()).toMatchObject({ id, review: 'Wheel', rating: 4 });
    expect(sentBesideSession(timeline.answerHaving('photo_id'))).toBe(true);
    // Read beside the session or not, someone else's private spot is not shown.
    expect((await bob.client.get(`/api/reviews/review/${id}/`)).statusCode).toBe(404);
  });

  it('sends a list page’s read of the list beside the session’s', async () => {
    const list = await createList(t.ctx, alice.id, { name: 'Mills' });
    timeline.clear();
    const response = await alice.client.get(`/api/lists/list/${list.id}/`);
    expect(response.json<ListDetail>()).toMatchObject({ id: list.id, name: 'Mills' });
    expect(sentBesideSession(timeline.answerHaving('owner_username'))).toBe(true);
    expect((await bob.client.get(`/api/lists/list/${list.id}/`)).statusCode).toBe(403);
  });

  it('sends an edit’s read of the spot beside the session’s', async () => {
    const list = await createList(t.ctx, alice.id);
    const place = await createPlace(t.ctx, { display_name: 'Stone bridge' });
    const { id } = await createSpot(alice, place, { review: 'Arches' });
    timeline.clear();
    const edit = { review: 'Arches at dusk', rating: 5, visited: true, lists: [list.id] };
    const response = await alice.client.put(`/api/reviews/review/${id}/`, edit);
    expect(response.json<Review>()).toMatchObject({ id, review: 'Arches at dusk', rating: 5 });
    // The spot with its photos (findSpotToEdit): the edit answers from it.
    expect(sentBesideSession(timeline.answerHaving('photo_id'))).toBe(true);
    expect((await bob.client.put(`/api/reviews/review/${id}/`, edit)).statusCode).toBe(404);
  });

  it('shows a spot on a shared list to a visitor with no session, and nothing else', async () => {
    const shared = await createList(t.ctx, alice.id, { shareable_by_link: 1 });
    const place = await createPlace(t.ctx, { display_name: 'Lantern market' });
    const onList = (await createSpot(alice, place)).id;
    const off = (await createSpot(alice, await createPlace(t.ctx, {}))).id;
    await putOnList(t.ctx, shared.id, onList);
    const visitor = new TestClient(t.app);
    expect((await visitor.get(`/api/reviews/review/${onList}/`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/reviews/review/${off}/`)).statusCode).toBe(404);
  });

  it('starts no read for an id the route refuses (a 404, as for a missing spot)', async () => {
    timeline.clear();
    const response = await alice.client.get('/api/reviews/review/not-a-number/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('detail');
    expect(timeline.answerHaving('photo_id')).toBe(-1);
  });
});
