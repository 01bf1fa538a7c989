import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, REVIEW_MESSAGES, type Review } from '@spotbook/contract';
import { createList, createPlace, createSpot, sessionEndings } from '../../../test/factories.ts';
import { signedInUser, testDialect, useTestApp } from '../../../test/helper.ts';
import { SESSION_COLUMN, StatementTimeline } from '../../../test/statement-timeline.ts';

/*
 * On PostgreSQL an edit that keeps the spot's text is sent beside the reads of the session
 * and of the spot, and checks the author, the text and the session itself
 * (edit-beside-session.ts): one wait, not two. One that changes the text, or is refused,
 * goes on from the spot's row as before. The answers are the same on both databases.
 */

const timeline = new StatementTimeline();
const { t } = useTestApp({ watchDb: (db) => timeline.watch(db) });

const TEXT = 'Windmills on the ridge';

/** A user whose session the server has read, with a spot on their first list of two. */
async function userWithSpot() {
  const user = await signedInUser(t.app);
  expect((await user.client.get('/api/user/session/')).statusCode).toBe(200);
  const lists = [await createList(t.ctx, user.id), await createList(t.ctx, user.id)];
  const place = await createPlace(t.ctx, { display_name: 'Hill farm' });
  const { id } = await createSpot(user, place, { review: TEXT, rating: 2, list_id: lists[0]!.id });
  const url = `/api/reviews/review/${id}/`;
  return { user, lists, id, url };
}

const rowOf = (id: number) =>
  t.ctx.db
    .selectFrom('reviews')
    .select(['review', 'rating', 'visited', 'updated_at', 'search_norm'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const listsOf = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('list_reviews')
      .select('list_id')
      .where('review_id', '=', id)
      .orderBy('list_id')
      .execute()
  ).map((e) => e.list_id);

/** Whether every statement of the request was sent before the session's read answered. */
function oneWait() {
  const session = timeline.answerHaving(SESSION_COLUMN);
  expect(session).toBeGreaterThanOrEqual(0);
  return !timeline.events.some((e, i) => e.kind === 'sent' && i > session);
}

describe('an edit that keeps the text', () => {
  it('is written beside the session’s read on PostgreSQL, with its lists', async () => {
    const { user, lists, id, url } = await userWithSpot();
    timeline.clear();
    const edit = { review: TEXT, rating: 5, visited: true, lists: [lists[1]!.id] };
    const response = await user.client.put(url, edit);
    expect(response.statusCode).toBe(200);
    expect(oneWait()).toBe(testDialect() === 'postgres');
    const answer = response.json<Review>();
    expect(answer).toMatchObject({ id, review: TEXT, rating: 5, visited: true });
    expect(await listsOf(id)).toEqual([lists[1]!.id]);
    // The answer is what reading the spot again gives.
    expect((await user.client.get(url)).json()).toEqual(answer);
  });

  it('is written beside the session’s read without a text or lists too', async () => {
    const { user, lists, id, url } = await userWithSpot();
    timeline.clear();
    const response = await user.client.put(url, { visited: true });
    expect(response.statusCode).toBe(200);
    expect(oneWait()).toBe(testDialect() === 'postgres');
    expect(response.json()).toMatchObject({ review: TEXT, rating: 2, visited: true });
    expect(await listsOf(id)).toEqual([lists[0]!.id]);
  });
});

describe('an edit that changes the text', () => {
  it('is written from the spot’s row, the search words with it', async () => {
    const { user, url, id } = await userWithSpot();
    const response = await user.client.put(url, { review: 'Zebras at the gate', rating: 4 });
    expect(response.json()).toMatchObject({ id, review: 'Zebras at the gate', rating: 4 });
    const found = await user.client.get('/api/reviews/review/?search=zebras');
    expect(found.json()).toMatchObject({ count: 1, results: [{ id }] });
    const gone = await user.client.get('/api/reviews/review/?search=windmills');
    expect(gone.json()).toMatchObject({ count: 0 });
  });
});

describe('an edit refused', () => {
  const endings = sessionEndings(t);

  for (const [how, end] of Object.entries(endings)) {
    it(`answers 403 for an ${how} session and changes nothing, whatever the body`, async () => {
      const { user, lists, id, url } = await userWithSpot();
      const before = await rowOf(id);
      await end(user.id);
      const bodies = [
        { review: TEXT, rating: 5, lists: [lists[1]!.id] },
        { rating: 5 },
        { review: 'Other words', rating: 5 },
        { rating: 9 },
      ];
      for (const body of bodies) {
        const response = await user.client.put(url, body);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
      }
      const malformed = await user.client.notJson('PUT', url);
      expect(malformed.statusCode).toBe(403);
      expect(await rowOf(id)).toEqual(before);
      expect(await listsOf(id)).toEqual([lists[0]!.id]);
    });
  }

  it('answers someone else’s spot 404 with its own text sent, and changes nothing', async () => {
    const owner = await userWithSpot();
    const before = await rowOf(owner.id);
    const { user: other } = await userWithSpot();
    const response = await other.client.put(owner.url, { review: TEXT, rating: 5 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: REVIEW_MESSAGES.spotNotFound });
    expect(await rowOf(owner.id)).toEqual(before);
  });

  it('names the lists field for a list not theirs, and changes nothing', async () => {
    const { user, lists, id, url } = await userWithSpot();
    const { lists: othersLists } = await userWithSpot();
    const before = await rowOf(id);
    const response = await user.client.put(url, {
      review: TEXT,
      rating: 5,
      lists: [lists[1]!.id, othersLists[0]!.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { lists: [REVIEW_MESSAGES.notYourList] } });
    expect(await rowOf(id)).toEqual(before);
    expect(await listsOf(id)).toEqual([lists[0]!.id]);
  });

  it('answers a spot deleted before the edit 404', async () => {
    const { user, url } = await userWithSpot();
    expect((await user.client.delete(url)).statusCode).toBe(204);
    const response = await user.client.put(url, { review: TEXT, rating: 5 });
    expect(response.statusCode).toBe(404);
  });
});
