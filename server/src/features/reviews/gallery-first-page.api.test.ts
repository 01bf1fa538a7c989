import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import { CHANGE_LOG_COLUMN, StatementTimeline } from '../../../test/statement-timeline.ts';
import { galleryReader } from './gallery.ts';
import type { GalleryQuery } from './sort-keys.ts';

/*
 * On PostgreSQL each statement is a round trip, and under load each answer waits for the
 * event loop's next turn. After the user's write, a first page brings what it keeps up to
 * date from the change log; its walk of the sort index needs none of that, so it must be
 * sent while the log is read, not after (gallery.ts, `firstStepPage`).
 */

const { t, alice } = useTestApp({ users: ['alice'] });

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
