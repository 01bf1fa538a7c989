import { describe, expect, it } from 'vitest';
import { createList, putOnList } from '../../test/factories.ts';
import { useTestApp } from '../../test/helper.ts';
import { insertSpot } from '../features/lists/test/factories.ts';
import * as lighterTriggers from './migrations/019_edit_triggers_lighter.ts';

/*
 * The row triggers of a spot's edit keep the counts and the lists' versions and change log
 * right whatever the edit sets (migration 019 on PostgreSQL: the counts' trigger skipped
 * when `visited` and the owner stay, the lists' bump, log and trim in one statement), and
 * do with migration 019 undone as with it. On SQLite the migration changes nothing.
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

const countsOf = async (userId: number) =>
  (await t.ctx.db
    .selectFrom('spot_counts')
    .select(['total', 'visited'])
    .where('user_id', '=', userId)
    .executeTakeFirst()) ?? { total: 0, visited: 0 };

const listState = async (listId: number) => ({
  version: (
    await t.ctx.db
      .selectFrom('lists')
      .select('version')
      .where('id', '=', listId)
      .executeTakeFirstOrThrow()
  ).version,
  logged: await t.ctx.db
    .selectFrom('list_spot_changes')
    .select(['version', 'spot_id'])
    .where('list_id', '=', listId)
    .orderBy('version')
    .execute(),
});

const edit = (spot: number, set: { visited?: number; rating?: number; user_id?: number }) =>
  t.ctx.db
    .updateTable('reviews')
    .set({ rating: 3, updated_at: Date.now(), ...set })
    .where('id', '=', spot)
    .execute();

async function expectTriggersKeepTrack() {
  const [a, b] = [await insertSpot(t.ctx.db, alice.id), await insertSpot(t.ctx.db, alice.id)];
  const [first, second] = [await createList(t.ctx, alice.id), await createList(t.ctx, alice.id)];
  for (const list of [first, second]) await putOnList(t.ctx, list.id, a);
  const start = await countsOf(alice.id);
  const before = [await listState(first.id), await listState(second.id)];

  await edit(a, { visited: 0 }); // as the form sends it: visited in the SET, unchanged
  expect(await countsOf(alice.id)).toEqual(start);
  await edit(a, { visited: 1 });
  expect(await countsOf(alice.id)).toEqual({ total: start.total, visited: start.visited + 1 });
  await edit(b, { visited: 1, user_id: bob.id }); // moved: both owners' counts follow
  expect(await countsOf(alice.id)).toEqual({ total: start.total - 1, visited: start.visited + 1 });
  expect(await countsOf(bob.id)).toMatchObject({ visited: 1 });

  // Each edit of the spot moved both its lists by one and logged it at that version.
  for (const [k, list] of [first, second].entries()) {
    const after = await listState(list.id);
    expect(after.version).toBe(before[k]!.version + 2);
    expect(after.logged.slice(-2)).toEqual([
      { version: before[k]!.version + 1, spot_id: a },
      { version: before[k]!.version + 2, spot_id: a },
    ]);
  }
  await edit(b, { user_id: alice.id, visited: 0 });
}

describe('an edit’s row triggers', () => {
  it('keep the counts, the lists’ versions and their change log', async () => {
    await expectTriggersKeepTrack();
  });

  it('do the same with migration 019 undone, and again once it is redone', async () => {
    await lighterTriggers.down(t.ctx.db);
    await expectTriggersKeepTrack();
    await lighterTriggers.up(t.ctx.db);
    await expectTriggersKeepTrack();
  });
});
