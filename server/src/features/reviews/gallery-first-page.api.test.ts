import type { KyselyPlugin, PluginTransformQueryArgs, QueryId, UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import { galleryReader } from './gallery.ts';
import type { GalleryQuery } from './sort-keys.ts';

/*
 * On PostgreSQL each statement is a round trip, and under load each answer waits for the
 * event loop's next turn. After the user's write, a first page brings what it keeps up to
 * date from the change log; its walk of the sort index needs none of that, so it must be
 * sent while the log is read, not after (gallery.ts, `firstStepPage`).
 */

const { t, alice } = useTestApp({ users: ['alice'] });

/**
 * Records when each statement is built (a query builder's statement is built as it is
 * sent) and when its rows come back, in order.
 */
class StatementTimeline implements KyselyPlugin {
  readonly events: { kind: 'sent' | 'answered'; queryId: QueryId; columns?: string[] }[] = [];

  transformQuery(args: PluginTransformQueryArgs) {
    this.events.push({ kind: 'sent', queryId: args.queryId });
    return args.node;
  }

  async transformResult(args: { queryId: QueryId; result: { rows: UnknownRow[] } }) {
    const columns = args.result.rows[0] && Object.keys(args.result.rows[0]).sort();
    this.events.push({ kind: 'answered', queryId: args.queryId, columns });
    return args.result;
  }

  /** The index of the first answer whose rows have exactly these columns. */
  answerWith(columns: string[]) {
    const sorted = JSON.stringify([...columns].sort());
    return this.events.findIndex(
      (e) => e.kind === 'answered' && JSON.stringify(e.columns) === sorted,
    );
  }

  /** The index at which the statement answered at `answer` was sent. */
  sentOf(answer: number) {
    return this.events.findIndex(
      (e) => e.kind === 'sent' && e.queryId === this.events[answer]!.queryId,
    );
  }
}

const FIRST_PAGE: GalleryQuery = { offset: 0, limit: 2, sortBy: 'newest', visited: 'both' };

describe('a first gallery page after a write', () => {
  it('walks its order while the change log is read, and shows the write', async () => {
    for (const name of ['Old mill', 'Stone bridge']) {
      await createSpot(alice, await createPlace(t.ctx, { display_name: name }));
    }
    const timeline = new StatementTimeline();
    const page = galleryReader(t.ctx.db.withPlugin(timeline), t.ctx.dialect);
    await page(alice.id, FIRST_PAGE); // keeps the count and the cards at this version
    const { id } = await createSpot(
      alice,
      await createPlace(t.ctx, { display_name: 'Lighthouse' }),
    );

    timeline.events.length = 0;
    const after = await page(alice.id, FIRST_PAGE);

    const walk = timeline.answerWith(['id', 'rating']);
    const changeLog = timeline.answerWith([
      'version',
      'spot_id',
      'now',
      'id',
      'rating',
      'visited',
      'place_type',
      'place_city',
      'place_country',
      'search_norm',
      'old_rating',
      'old_visited',
      'old_type',
      'old_city',
      'old_country',
    ]);
    expect(walk).toBeGreaterThanOrEqual(0);
    expect(changeLog).toBeGreaterThanOrEqual(0);
    expect(timeline.sentOf(walk)).toBeGreaterThanOrEqual(0);
    expect(timeline.sentOf(walk)).toBeLessThan(changeLog);
    // The page is the one after the write: caught up, not the kept one.
    expect(after.count).toBe(3);
    expect(after.results.map((card) => card.id)[0]).toBe(id);
  });
});
