import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { TestClient, useTestApp, type TestUser } from '../../../test/helper.ts';
import { StatementTimeline } from '../../../test/statement-timeline.ts';
import { readCards } from './spot-cards.ts';

/*
 * Spot pages, gallery cards and write answers read spots by id, the spots one turn of the
 * event loop asks for in one statement (spots-by-id.ts, decision 023 session 28). Each
 * request must still get exactly what it may see: its own spot, not another user's.
 */

const timeline = new StatementTimeline();
const { t, alice, bob } = useTestApp({
  users: ['alice', 'bob'],
  watchDb: (db) => timeline.watch(db),
});

/** A column only the reads of spots with their photos answer with. */
const spotReads = () =>
  timeline.events.filter((e) => e.kind === 'answered' && e.columns?.includes('photo_id')).length;

async function spotOf(user: TestUser, name: string) {
  return (await createSpot(user, await createPlace(t.ctx, { display_name: name }))).id;
}

describe('spots read by id', () => {
  it('reads the spots of spot pages asked together in one statement, each its own', async () => {
    const [mill, bridge] = [await spotOf(alice, 'Old mill'), await spotOf(bob, 'Stone bridge')];
    const visitor = new TestClient(t.app);
    timeline.clear();
    const asks = [
      [alice.client, mill],
      [bob.client, bridge],
      [alice.client, bridge], // bob's, on no shared list: not alice's to see
      [visitor, mill],
      [bob.client, 999_999],
    ] as const;
    const answers = await Promise.all(
      asks.map(([client, id]) => client.get(`/api/reviews/review/${id}/`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 404, 404]);
    expect(answers[0]!.json<{ id: number }>().id).toBe(mill);
    expect(answers[1]!.json<{ id: number }>().id).toBe(bridge);
    expect(spotReads()).toBe(1);
  });

  it("reads two users' gallery cards asked in one turn in one statement, each their own", async () => {
    const harbour = await spotOf(alice, 'Harbour');
    const chapel = await spotOf(bob, 'Chapel');
    timeline.clear();
    const [aliceCards, bobCards] = await Promise.all([
      readCards(t.ctx.db, alice.id, [harbour]),
      readCards(t.ctx.db, bob.id, [chapel, harbour]), // alice's harbour is not bob's card
    ]);
    expect([...aliceCards.keys()]).toEqual([harbour]);
    expect([...bobCards.keys()]).toEqual([chapel]);
    expect(JSON.parse(bobCards.get(chapel)!.toString())).toMatchObject({
      id: chapel,
      user: bob.id,
    });
    expect(spotReads()).toBe(1);
  });

  it("answers a spot's edit with the spot as written", async () => {
    const id = await spotOf(alice, 'Lighthouse');
    const edited = await alice.client.put(`/api/reviews/review/${id}/`, {
      review: 'Windy',
      rating: 4,
      visited: true,
      lists: [],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, review: 'Windy', rating: 4, visited: true });
    expect((await alice.client.get(`/api/reviews/review/${id}/`)).json()).toEqual(edited.json());
  });
});
