import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import { CHANGE_LOG_COLUMN, StatementTimeline } from '../../../test/statement-timeline.ts';
import { galleryReader } from './gallery.ts';
import type { GalleryQuery } from './sort-keys.ts';
import { readSpotCounters } from './spot-counters.ts';

/*
 * On PostgreSQL each statement is a round trip, and under load each answer waits for the
 * event loop's next turn. After the user's write, a first page brings what it keeps up to
 * date from the change log; its walk of the sort index needs none of that, so it must be
 * sent while the log is read, not after (gallery.ts, `firstStepPage`). A query asked for
 * the first time takes its count from the counters the session hook read with the
 * version, so it neither reads them again nor the version after them (`countOf`).
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

const FIRST_PAGE: GalleryQuery = { offset: 0, limit: 2, sortBy: 'newest', visited: 'both' };

describe('a first gallery page after a write', () => {
  it('walks its order while the change log is read, and shows the write', async () => {
    for (const name of ['Old mill', 'Stone bridge']) {
      await createSpot(alice, await createPlace(t.ctx, { display_name: name }));
    }
    const timeline = new StatementTimeline();
    const page = galleryReader(timeline.watch(t.ctx.db), t.ctx.dialect);
    await page(alice.id, FIRST_PAGE); // keeps the count and the cards at this version
    const place = await createPlace(t.ctx, { display_name: 'Lighthouse' });
    const { id } = await createSpot(alice, place);

    timeline.clear();
    const after = await page(alice.id, FIRST_PAGE);

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

describe('a first gallery page of a query not asked before', () => {
  it('counts from the counters read with the session: no statement of its own', async () => {
    const names = ['Harbour', 'Chapel', 'Market hall'];
    for (const [i, name] of names.entries()) {
      const place = await createPlace(t.ctx, { display_name: name });
      await createSpot(bob, place, { visited: i === 0 });
    }
    const counters = await readSpotCounters(t.ctx.db, bob.id);
    expect(counters).toMatchObject({ total: 3, visited: 1 });
    const timeline = new StatementTimeline();
    const page = galleryReader(timeline.watch(t.ctx.db), t.ctx.dialect);
    const expected = { both: 3, true: 1, false: 2 };

    for (const visited of ['both', 'true', 'false'] as const) {
      timeline.clear();
      const result = await page(bob.id, { ...FIRST_PAGE, limit: 3, visited }, counters);
      expect(result.count).toBe(expected[visited]);
      expect(result.results).toHaveLength(expected[visited]);
      // The walk, and the cards not kept yet: no counters, no version read again.
      expect(timeline.answerHaving('total')).toBe(-1);
      expect(timeline.answerWith(['version'])).toBe(-1);
      expect(timeline.events.filter((e) => e.kind === 'answered').length).toBeLessThanOrEqual(2);
    }
  });
});
