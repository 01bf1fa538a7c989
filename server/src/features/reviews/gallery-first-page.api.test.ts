import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import { CHANGE_LOG_COLUMN, StatementTimeline } from '../../../test/statement-timeline.ts';
import { galleryReader } from './gallery.ts';
import type { GalleryQuery } from './sort-keys.ts';
import { readSpotCounters } from './spot-counters.ts';

/*
 * On PostgreSQL each statement is a round trip, and under load each answer waits for the
 * event loop's next turn. A page without search words or place filter is picked from the
 * user's orders kept in memory (gallery-spot-orders.ts), read after the user's first
 * request: then a new query sends no statement but for cards not kept, and after a write
 * one read of the change log brings the orders and the cards forward together. A first page with a place filter walks
 * its sort index while the change log is read, not after (gallery.ts, `firstStepPage`).
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

const FIRST_PAGE: GalleryQuery = { offset: 0, limit: 2, sortBy: 'newest', visited: 'both' };

async function addSpots(user: typeof alice, names: string[], visited = (_: number) => false) {
  for (const [i, name] of names.entries()) {
    await createSpot(user, await createPlace(t.ctx, { display_name: name }), {
      visited: visited(i),
    });
  }
}

describe('a first gallery page with a place filter, after a write', () => {
  it('walks its order while the change log is read, and shows the write', async () => {
    await addSpots(alice, ['Old mill', 'Stone bridge']);
    const inParis: GalleryQuery = { ...FIRST_PAGE, city: 'Paris' };
    const timeline = new StatementTimeline();
    const page = galleryReader(timeline.watch(t.ctx.db), t.ctx.dialect);
    await page(alice.id, inParis); // keeps the count and the cards at this version
    const { id } = await createSpot(alice, await createPlace(t.ctx, { display_name: 'Tower' }));

    timeline.clear();
    const after = await page(alice.id, inParis);

    const walk = timeline.answerWith(['id', 'rating']);
    const changeLog = timeline.answerHaving(CHANGE_LOG_COLUMN);
    expect(changeLog).toBeGreaterThanOrEqual(0);
    expect(timeline.sentOf(walk)).toBeGreaterThanOrEqual(0);
    expect(timeline.sentOf(walk)).toBeLessThan(changeLog);
    // The page is the one after the write: caught up, not the kept one.
    expect(after.count).toBe(3);
    expect(after.results[0]?.id).toBe(id);
  });
});

describe('plain gallery pages from the orders kept in memory', () => {
  it('ask no statement for a new query, sort or filter once the orders are read', async () => {
    await addSpots(bob, ['Harbour', 'Chapel', 'Market hall'], (i) => i === 0);
    const counters = await readSpotCounters(t.ctx.db, bob.id);
    expect(counters).toMatchObject({ total: 3, visited: 1 });
    const timeline = new StatementTimeline();
    const page = galleryReader(timeline.watch(t.ctx.db), t.ctx.dialect);
    // The first request is walked while the user's orders are read for the next ones.
    const first = await page(bob.id, { ...FIRST_PAGE, limit: 3 }, counters);
    expect(first.count).toBe(3);
    await page.spotOrders?.reading(bob.id);
    expect(timeline.answerHaving('codes')).toBeGreaterThanOrEqual(0);

    const expected = { both: 3, true: 1, false: 2 };
    for (const sortBy of ['oldest', 'highest_rating', 'lowest_rating'] as const) {
      for (const visited of ['both', 'true', 'false'] as const) {
        timeline.clear();
        const result = await page(bob.id, { ...FIRST_PAGE, limit: 3, sortBy, visited }, counters);
        expect(result.count).toBe(expected[visited]);
        expect(result.results).toHaveLength(expected[visited]);
        // Every card was kept by the first page: nothing is read at all.
        expect(timeline.events).toEqual([]);
      }
    }
  });

  it('after a write, read the change log once for the orders and the cards: no walk', async () => {
    const timeline = new StatementTimeline();
    const page = galleryReader(timeline.watch(t.ctx.db), t.ctx.dialect);
    await page(alice.id, FIRST_PAGE);
    await page.spotOrders?.reading(alice.id);
    const { id } = await createSpot(alice, await createPlace(t.ctx, { display_name: 'Gate' }));
    const counters = await readSpotCounters(t.ctx.db, alice.id);

    timeline.clear();
    const after = await page(alice.id, { ...FIRST_PAGE, sortBy: 'oldest', offset: 1 }, counters);
    const newest = await page(alice.id, FIRST_PAGE, counters);

    const answers = timeline.events.filter((e) => e.kind === 'answered');
    expect(answers.filter((e) => e.columns?.includes(CHANGE_LOG_COLUMN))).toHaveLength(1);
    expect(timeline.answerWith(['id', 'rating'])).toBe(-1);
    expect(timeline.answerHaving('codes')).toBe(-1); // caught up, not read afresh
    expect(after.count).toBe(counters.total);
    expect(newest.results[0]?.id).toBe(id);
  });
});
