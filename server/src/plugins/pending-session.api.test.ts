import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, INPUT_MESSAGES } from '@spotbook/contract';
import { createList, createPlace, sessionEndings } from '../../test/factories.ts';
import { signedInUser, testDialect, TestClient, useTestApp } from '../../test/helper.ts';
import { SESSION_COLUMN, StatementTimeline } from '../../test/statement-timeline.ts';

/*
 * On PostgreSQL a new spot's statement is sent beside the session's read, not after it,
 * for a cookie whose session this process has read before (session.ts,
 * `writesBesideSession`): the statement checks the session itself, so nothing is written
 * without one. The answers are as if the session had been read first: without a session,
 * 403 before anything about the body. SQLite waits for the read, as every route does.
 */

const timeline = new StatementTimeline();
const { t } = useTestApp({ watchDb: (db) => timeline.watch(db) });

const CREATE = '/api/reviews/create-place-review/';

/**
 * A signed-in user whose session the server has read (a request made), with a list; a
 * stored place, and a place the server knows (someone saved it: on PostgreSQL its new
 * spot is then one statement, checks and write together).
 */
async function knownSession() {
  const user = await signedInUser(t.app);
  expect((await user.client.get('/api/user/session/')).statusCode).toBe(200);
  const list = await createList(t.ctx, user.id);
  const known = await createPlace(t.ctx);
  const someone = await signedInUser(t.app);
  expect((await someone.client.post(CREATE, { place: { id: known } })).statusCode).toBe(201);
  return { user, list, place: await createPlace(t.ctx), known };
}

/** The user's spots, as rows: what a refused create must leave untouched. */
const spotsOf = async (userId: number) =>
  (await t.ctx.db.selectFrom('reviews').select('id').where('user_id', '=', userId).execute())
    .length;

const newSpot = (place: string, listId: number) => ({
  place: { id: place },
  review: { review: 'Steep steps', rating: 4, visited: true },
  list_id: listId,
});

const endings = sessionEndings(t);

describe('a new spot sent beside the session', () => {
  it('is sent before the session is answered on PostgreSQL, after it on SQLite', async () => {
    const { user, list, known } = await knownSession();
    timeline.clear();
    const response = await user.client.post(CREATE, newSpot(known, list.id));
    expect(response.statusCode).toBe(201);
    const session = timeline.answerHaving(SESSION_COLUMN);
    // The first statement of the create: its checks (and its write, for a known place).
    const write = timeline.events.findIndex((e) => e.columns?.includes('signed_in'));
    expect(session).toBeGreaterThanOrEqual(0);
    expect(write).toBeGreaterThanOrEqual(0);
    const sentBeforeSession = timeline.sentOf(write) < session;
    expect(sentBeforeSession).toBe(testDialect() === 'postgres');
    // Written as the user's, on their list; the session known to the request afterwards.
    const spots = await user.client.get('/api/reviews/review/');
    expect(spots.json()).toMatchObject({ count: 1 });
    expect(await spotsOf(user.id)).toBe(1);
  });

  for (const [how, end] of Object.entries(endings)) {
    it(`answers 403 for an ${how} session and writes nothing, whatever the body`, async () => {
      const { user, list, place, known } = await knownSession();
      await end(user.id);
      const bodies = [
        newSpot(place, list.id),
        newSpot(known, list.id),
        { place: { id: known } },
        { ...newSpot(place, list.id), review: { review: 'x', rating: 9, visited: true } },
        { ...newSpot(place, list.id), ['a\u0000b']: 1 }, // passes zod (dropped), not the guard
        { ...newSpot(place, list.id), review: { review: 'a\u0000b', rating: 3, visited: true } },
      ];
      for (const body of bodies) {
        const response = await user.client.post(CREATE, body);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: AUTH_REQUIRED_DETAIL });
      }
      const malformed = await user.client.notJson('POST', CREATE);
      expect(malformed.statusCode).toBe(403);
      expect(await spotsOf(user.id)).toBe(0);
    });
  }

  it('refuses a hostile body 400 with a session, and writes nothing', async () => {
    const { user, list, place } = await knownSession();
    const nulKey = await user.client.post(CREATE, { ...newSpot(place, list.id), ['a\u0000b']: 1 });
    expect(nulKey.statusCode).toBe(400);
    expect(nulKey.json()).toMatchObject({ detail: INPUT_MESSAGES.nul });
    const nulText = { review: 'a\u0000b', rating: 3, visited: true };
    const nulReview = await user.client.post(CREATE, {
      ...newSpot(place, list.id),
      review: nulText,
    });
    expect(nulReview.statusCode).toBe(400);
    const malformed = await user.client.notJson('POST', CREATE);
    expect(malformed.statusCode).toBe(400);
    expect(await spotsOf(user.id)).toBe(0);
  });

  it('answers a session ended elsewhere 403 while other people’s writes go on', async () => {
    const [one, other] = [await knownSession(), await knownSession()];
    await endings.ended(one.user.id);
    const [refused, created] = await Promise.all([
      one.user.client.post(CREATE, newSpot(one.place, one.list.id)),
      other.user.client.post(CREATE, newSpot(other.place, other.list.id)),
    ]);
    expect(refused.statusCode).toBe(403);
    expect(created.statusCode).toBe(201);
    expect([await spotsOf(one.user.id), await spotsOf(other.user.id)]).toEqual([0, 1]);
  });

  it('answers a visitor without a session 403 before reading anything', async () => {
    const { list, place } = await knownSession();
    const visitor = new TestClient(t.app);
    await visitor.get('/api/user/session/');
    timeline.clear();
    const response = await visitor.post(CREATE, newSpot(place, list.id));
    expect(response.statusCode).toBe(403);
    expect(timeline.answerHaving('signed_in')).toBe(-1);
  });
});
