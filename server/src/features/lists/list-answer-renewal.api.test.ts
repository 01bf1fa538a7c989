import { describe, expect, it, vi } from 'vitest';
import type { ListDetail } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { databaseLocation } from '../../db/connection.ts';
import { cachedListAnswer, THREAD_BUILD_FROM } from './list-answer-cache.ts';
import { findList } from './repository.ts';
import { insertBigList } from './test/big-list.ts';

/*
 * A write of the owner's builds the new version of their big lists kept in the app
 * (list-answer-renewal.ts), so the next reader is answered from memory.
 */

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

/** The app's own list answers: which build ran last, and whether a build ran at all. */
const answers = () => t.ctx.listAnswers;
const forgetLastBuild = () => (answers().lastBuildThreadId = undefined);

/** Alice's big list, read once so its answer is kept, with the build thread loaded. */
async function keptBigList() {
  const list = await insertBigList(t.ctx.db, alice, THREAD_BUILD_FROM);
  await answers().warm();
  const read = await bob.client.get(`/api/lists/list/${list.slug}/`);
  expect(read.statusCode).toBe(200);
  return { list, spots: read.json<ListDetail>().reviews };
}

describe('list answers renewed after the owner writes', () => {
  it('builds the edited version before anyone reads it, and serves it from memory', async () => {
    const { list, spots } = await keptBigList();
    forgetLastBuild();
    const edit = await alice.client.put(`/api/reviews/review/${spots[3]!.id}/`, { rating: 1 });
    expect(edit.statusCode).toBe(200);
    // Built in the thread, patched from the version kept, with no reader asking.
    await vi.waitFor(() => expect(answers().lastBuildThreadId).toBeDefined());
    await vi.waitFor(() => expect(answers().lastBuildPatched).toBe(true));
    forgetLastBuild();
    const read = await bob.client.get(`/api/lists/list/${list.slug}/`);
    expect(read.json<ListDetail>().reviews[3]).toMatchObject({ id: spots[3]!.id, rating: 1 });
    expect(answers().lastBuildThreadId).toBeUndefined();
  });

  it("builds nothing for another user's write, a refused write or a list no one read", async () => {
    await keptBigList();
    const unread = await insertBigList(t.ctx.db, alice, THREAD_BUILD_FROM);
    const spotOfUnread = await t.ctx.db
      .selectFrom('list_reviews')
      .select('review_id')
      .where('list_id', '=', unread.id)
      .executeTakeFirstOrThrow();
    forgetLastBuild();
    // Bob's own write; a refused write of Alice's (no such spot); Alice's edit of a spot on
    // the list no one has read here.
    await bob.client.post('/api/lists/list/', { name: "Bob's", shareable_by_link: false });
    const refused = await alice.client.put('/api/reviews/review/999999999/', { rating: 1 });
    expect(refused.statusCode).toBe(404);
    await answers().renewOwnedBy(bob.id);
    const edit = await alice.client.put(`/api/reviews/review/${spotOfUnread.review_id}/`, {
      rating: 2,
    });
    expect(edit.statusCode).toBe(200);
    // Renewing by hand settles what the writes' own renewals would have started.
    await answers().renewOwnedBy(alice.id);
    expect(answers().lastBuildThreadId).toBeUndefined();
  });

  it('renews nothing while no build thread is loaded, and starts none', async () => {
    const list = await insertBigList(t.ctx.db, alice, THREAD_BUILD_FROM);
    // Kept answers of this test's own, whose thread ends after a second without work.
    const idle = cachedListAnswer(t.ctx.db, {
      database: databaseLocation(t.ctx.config),
      idleMs: 1000,
    });
    try {
      await idle.warm();
      await idle.answer((await findList(t.ctx.db, String(list.id)))!);
      await vi.waitFor(() => expect(idle.threadLoaded).toBe(false), { timeout: 15_000 });
      const edit = () =>
        t.ctx.db
          .updateTable('reviews')
          .set({ rating: 0 })
          .where('id', 'in', (q) =>
            q.selectFrom('list_reviews').select('review_id').where('list_id', '=', list.id),
          )
          .execute();
      await edit();
      idle.lastBuildThreadId = undefined;
      await idle.renewOwnedBy(alice.id);
      expect(idle.lastBuildThreadId).toBeUndefined();
      expect(idle.threadLoaded).toBe(false);
      // The same renewal with the thread loaded builds the moved list.
      await idle.warm();
      await idle.renewOwnedBy(alice.id);
      expect(idle.lastBuildThreadId).toBeDefined();
    } finally {
      await idle.close();
    }
  });
});
