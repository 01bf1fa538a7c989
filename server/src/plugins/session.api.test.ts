import { describe, expect, it } from 'vitest';
import { signedInUser, TestClient, useTestApp, type TestUser } from '../../test/helper.ts';
import { createList } from '../../test/factories.ts';
import { SESSION_COLUMN, StatementTimeline } from '../../test/statement-timeline.ts';

/*
 * Every signed-in /api/ request reads its session. Under load one turn of the event loop
 * parses dozens of requests, and their sessions are read in one statement
 * (plugins/session.ts, decision 023 session 27): each request must still get its own user,
 * and a session ended before the read must read as none.
 */

const timeline = new StatementTimeline();
const { t, alice, bob } = useTestApp({
  users: ['alice', 'bob'],
  watchDb: (db) => timeline.watch(db),
});

const sessionReads = () =>
  timeline.events.filter((e) => e.kind === 'answered' && e.columns?.includes(SESSION_COLUMN))
    .length;

const whoIs = async (client: TestClient) =>
  (await client.get('/api/user/session/')).json<{ user: { username: string } | null }>().user
    ?.username ?? null;

/** A client holding the cookie of a session its user has since signed out of. */
async function endedSessionClient(): Promise<TestClient> {
  const carol: TestUser = await signedInUser(t.app);
  const stale = new TestClient(t.app);
  for (const [name, value] of carol.client.cookies) stale.cookies.set(name, value);
  expect(await whoIs(stale)).toBe(carol.username);
  expect((await carol.client.post('/api/user/logout/')).statusCode).toBe(200);
  return stale;
}

describe('session reads', () => {
  it('reads the sessions of requests asked together in one statement, each its own', async () => {
    const stale = await endedSessionClient();
    const visitor = new TestClient(t.app);
    timeline.clear();
    const clients = [alice.client, bob.client, stale, alice.client, visitor, bob.client];
    const users = await Promise.all(clients.map(whoIs));
    expect(users).toEqual([alice.username, bob.username, null, alice.username, null, bob.username]);
    expect(sessionReads()).toBe(1);
  });

  it("brings a metadata request's list counts with the turn's sessions", async () => {
    await createList(t.ctx, alice.id, { name: 'Mine' });
    const shared = await createList(t.ctx, bob.id, { shareable_by_link: 1 });
    const unshared = await createList(t.ctx, bob.id, { shareable_by_link: 0 });
    for (const list of [shared, unshared])
      await t.ctx.db
        .insertInto('saved_lists')
        .values({ user_id: alice.id, list_id: list.id, created_at: Date.now() })
        .execute();
    const metadata = (client: TestClient) => client.get('/api/reviews/review/metadata/');
    // The filter options kept, so that the session's read is all these requests send.
    await Promise.all([metadata(alice.client), metadata(bob.client)]);

    timeline.clear();
    const [forAlice, forBob, who] = await Promise.all([
      metadata(alice.client),
      metadata(bob.client),
      whoIs(alice.client),
    ]);
    expect(forAlice.json()).toMatchObject({ list_count: 1, saved_list_count: 1 });
    expect(forBob.json()).toMatchObject({ list_count: 2, saved_list_count: 0 });
    expect(who).toBe(alice.username);
    expect(sessionReads()).toBe(1);
    expect(timeline.events.filter((e) => e.kind === 'answered')).toHaveLength(1);

    // Taken off its link, the followed list no longer counts: read anew every time.
    await t.ctx.db
      .updateTable('lists')
      .set({ shareable_by_link: 0 })
      .where('id', '=', shared.id)
      .execute();
    expect((await metadata(alice.client)).json()).toMatchObject({ saved_list_count: 0 });
  });
});
