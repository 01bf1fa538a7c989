import { describe, expect, it } from 'vitest';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { storedVersion } from '../../../test/versions.ts';
import { useTestApp } from '../../../test/helper.ts';
import { readChangesFor } from './gallery-changes.ts';

/*
 * After a write, a user's kept queries, cards and filter options all catch up from the same
 * version: one read of the log serves them all, as long as it reached the version each needs.
 */

const { t, alice } = useTestApp({ users: ['alice'] });

const version = () => storedVersion(t.ctx.db, 'spot_counts', alice.id);

describe('readChangesFor', () => {
  it('serves a read made lately to every caller it reached far enough for', async () => {
    const first = (await createSpot(alice, await createPlace(t.ctx))).id;
    const from = await version();
    await alice.client.put(`/api/reviews/review/${first}/`, { rating: 3 });
    const now = await version();
    const [read, together] = await Promise.all([
      readChangesFor(t.ctx.db, alice.id, from, now),
      readChangesFor(t.ctx.db, alice.id, from, now),
    ]);
    expect(read?.version).toBe(now);
    expect(read?.changes.map((c) => [c.id, c.before?.rating, c.after?.rating])).toEqual([
      [first, 0, 3],
    ]);
    expect(together).toBe(read);
    expect(await readChangesFor(t.ctx.db, alice.id, from, now)).toBe(read);

    // A caller that needs the next write reads again, and finds it.
    const second = (await createSpot(alice, await createPlace(t.ctx))).id;
    const later = await readChangesFor(t.ctx.db, alice.id, from, await version());
    expect(later).not.toBe(read);
    expect(later?.version).toBe(await version());
    expect(later?.changes.map((c) => c.id)).toEqual([first, second]);
  });
});
