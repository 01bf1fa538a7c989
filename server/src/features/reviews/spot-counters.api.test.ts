import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp, type TestUser } from '../../../test/helper.ts';
import { StatementTimeline } from '../../../test/statement-timeline.ts';
import { noSpotCounters, readSpotCounters } from './spot-counters.ts';

/*
 * A gallery request reads its user's counters again to keep what it found (gallery.ts,
 * `keepFound`); the users asked in one turn of the event loop are read in one statement
 * (spot-counters.ts, decision 023 session 29). Each must still get their own, as they are.
 */

const timeline = new StatementTimeline();
const { t, alice, bob, carol } = useTestApp({
  users: ['alice', 'bob', 'carol'],
  watchDb: (db) => timeline.watch(db),
});

const COUNTER_COLUMNS = ['total', 'user_id', 'version', 'visited'];
const counterReads = () =>
  timeline.events.filter(
    (e) => e.kind === 'answered' && JSON.stringify(e.columns) === JSON.stringify(COUNTER_COLUMNS),
  ).length;

async function spotOf(user: TestUser, name: string, visited: boolean) {
  await createSpot(user, await createPlace(t.ctx, { display_name: name }), { visited });
}

describe("a user's spot counters", () => {
  it('reads the counters of users asked in one turn in one statement, each their own', async () => {
    await spotOf(alice, 'Lighthouse', true);
    await spotOf(alice, 'Dune', false);
    await spotOf(bob, 'Orchard', true);
    timeline.clear();
    const [ofAlice, ofBob, ofCarol, ofAliceAgain] = await Promise.all(
      [alice, bob, carol, alice].map((user) => readSpotCounters(t.ctx.db, user.id)),
    );
    expect(ofAlice).toMatchObject({ total: 2, visited: 1 });
    expect(ofBob).toMatchObject({ total: 1, visited: 1 });
    expect(ofAliceAgain).toEqual(ofAlice);
    // carol has no spot, so no counters row.
    expect(ofCarol).toEqual(noSpotCounters());
    expect(counterReads()).toBe(1);
  });

  it('reads them as they are at each call, a write between two calls seen', async () => {
    const before = await readSpotCounters(t.ctx.db, bob.id);
    await spotOf(bob, 'Quarry', false);
    const after = await readSpotCounters(t.ctx.db, bob.id);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after).toMatchObject({ total: before.total + 1, visited: before.visited });
  });
});
