import { threadId } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListDetail } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { databaseLocation } from '../../db/connection.ts';
import { buildListAnswer, storedLayout } from './list-answer-build.ts';
import { cachedListAnswer, THREAD_BUILD_FROM, type ListAnswers } from './list-answer-cache.ts';
import { LIST_ANSWER_FORMAT } from './list-answer-format.ts';
import { storeListAnswer } from './list-answer-store.ts';
import { findList } from './repository.ts';
import { insertBigList } from './test/big-list.ts';

/*
 * Big lists are built in a worker thread with a database connection of its own
 * (list-answer-cache.ts): its answer must be the event loop's to the byte, see every
 * committed write, and still be refused when it breaks the contract.
 */

const { t, alice } = useTestApp({ users: ['alice'] });

/** One kept-answers of the test's own for every test (its thread starts once: ~1-5 s). */
let shared: ListAnswers | undefined;
const answers = () =>
  (shared ??= cachedListAnswer(t.ctx.db, {
    database: databaseLocation(t.ctx.config),
  }));
afterAll(() => shared?.close());

const bigList = (spots: number) => insertBigList(t.ctx.db, alice, spots);

const record = async (id: number) => (await findList(t.ctx.db, String(id)))!;

/** The answer stored for a list (its row's `columns`), if any. */
const storedAnswer = <Column extends 'version' | 'gzipped' | 'format'>(
  listId: number,
  columns: Column[],
) =>
  t.ctx.db
    .selectFrom('stored_list_answers')
    .select(columns)
    .where('list_id', '=', listId)
    .executeTakeFirst();

describe('list build thread', () => {
  it('builds a big list off the event loop, to the byte what the event loop builds', async () => {
    const list = await bigList(THREAD_BUILD_FROM + 20);
    const kept = answers();
    await kept.warm();
    const row = await record(list.id);
    const inThread = await kept.answer(row);
    expect(kept.lastBuildThreadId).toBeDefined();
    expect(kept.lastBuildThreadId).not.toBe(threadId);
    // The gzipped bytes themselves, and the route's answer (its first build of a big list
    // runs on the event loop while its thread starts).
    expect(inThread.equals((await buildListAnswer(t.ctx.db, row)).gzipped)).toBe(true);
    const route = await alice.client.get(`/api/lists/list/${list.slug}/`);
    expect(route.statusCode).toBe(200);
    expect(gunzipSync(inThread).toString('utf8')).toBe(route.body);
    const shown = route.json<ListDetail>();
    expect(shown.reviews).toHaveLength(THREAD_BUILD_FROM + 20);
    expect(new Set(shown.reviews.map((spot) => spot.photos.length))).toEqual(new Set([0, 1, 2]));
  });

  it("sees a write committed on the app's connection, and patches its answer", async () => {
    const list = await bigList(THREAD_BUILD_FROM);
    const kept = answers();
    await kept.warm();
    const before = JSON.parse(
      gunzipSync(await kept.answer(await record(list.id))).toString(),
    ) as ListDetail;
    const spot = before.reviews[0]!.id;
    await t.ctx.db
      .updateTable('reviews')
      .set({ review: 'Rewritten' })
      .where('id', '=', spot)
      .execute();
    const row = await record(list.id);
    const gzipped = await kept.answer(row);
    const after = JSON.parse(gunzipSync(gzipped).toString()) as ListDetail;
    expect(kept.lastBuildThreadId).not.toBe(threadId);
    expect(after.reviews[0]).toMatchObject({ id: spot, review: 'Rewritten' });
    // Patched from the thread's earlier answer, to the byte what a whole build gives.
    expect(kept.lastBuildPatched).toBe(true);
    expect(gzipped.equals((await buildListAnswer(t.ctx.db, row)).gzipped)).toBe(true);
  });

  it('still checks the answer against the contract in the thread', async () => {
    const list = await bigList(THREAD_BUILD_FROM);
    // A place the contract refuses (a latitude beyond 90°), put there by hand.
    const first = await t.ctx.db
      .selectFrom('list_reviews as lr')
      .innerJoin('reviews as r', 'r.id', 'lr.review_id')
      .select('r.place_id')
      .where('lr.list_id', '=', list.id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('places')
      .set({ lat: 100 })
      .where('id', '=', first.place_id)
      .execute();
    const kept = answers();
    await kept.warm();
    await expect(kept.answer(await record(list.id))).rejects.toThrow();
    await expect(buildListAnswer(t.ctx.db, await record(list.id))).rejects.toThrow();
  });

  it('stores a big list’s whole builds for the other app processes, one version at a time', async () => {
    const list = await bigList(THREAD_BUILD_FROM);
    const kept = answers();
    await kept.warm();
    const row = await record(list.id);
    const built = await kept.answer(row);
    const stored = () => storedAnswer(list.id, ['version', 'gzipped']);
    expect(await stored()).toEqual({ version: row.version, gzipped: built });

    // Another app process (its own memory, no thread started) reads it instead of building.
    const other = cachedListAnswer(t.ctx.db, {
      database: databaseLocation(t.ctx.config),
    });
    try {
      expect((await other.answer(row)).equals(built)).toBe(true);
      expect(other.lastBuildThreadId).toBeUndefined();

      // A newer version is never the store's older one: while its thread starts, the
      // process patches the older one on the event loop, as the thread would, to exactly
      // what a whole build shows, and stores nothing (only whole builds are stored).
      const spot = (JSON.parse(gunzipSync(built).toString()) as ListDetail).reviews[0]!.id;
      await t.ctx.db
        .updateTable('reviews')
        .set({ review: 'Rewritten' })
        .where('id', '=', spot)
        .execute();
      const newer = await record(list.id);
      expect(newer.version).toBeGreaterThan(row.version);
      const patchedHere = await other.answer(newer);
      const patched = JSON.parse(gunzipSync(patchedHere).toString()) as ListDetail;
      expect(other.lastBuildThreadId).toBe(threadId);
      expect(other.lastBuildPatched).toBe(true);
      expect(patched.reviews[0]).toMatchObject({ id: spot, review: 'Rewritten' });
      const whole = (await buildListAnswer(t.ctx.db, newer)).gzipped;
      expect(gunzipSync(patchedHere).equals(gunzipSync(whole))).toBe(true);
      expect(await stored()).toEqual({ version: row.version, gzipped: built });

      // A version built whole (the list itself changed) replaces the stored one; an older
      // one never does.
      await alice.client.patch(`/api/lists/list/${list.id}/`, { name: 'Renamed' });
      const renamed = await record(list.id);
      const fresh = await kept.answer(renamed);
      expect(kept.lastBuildPatched).toBe(false);
      expect(await stored()).toEqual({ version: renamed.version, gzipped: fresh });
      await storeListAnswer(t.ctx.db, row, Buffer.from('older'));
      expect(await stored()).toEqual({ version: renamed.version, gzipped: fresh });
    } finally {
      await other.close();
    }

    // Deleting the list deletes its answer.
    expect((await alice.client.delete(`/api/lists/list/${list.slug}/`)).statusCode).toBe(204);
    expect(await stored()).toBeUndefined();
  });

  it('neither serves nor patches from an answer an earlier release stored, and replaces it', async () => {
    const list = await bigList(THREAD_BUILD_FROM);
    const row = await record(list.id);
    // What an earlier release stored at this very version: well-formed, with its layout,
    // but not this release's answer (a field it no longer shows, say).
    const earlier = await buildListAnswer(t.ctx.db, { ...row, name: 'As an earlier release' });
    const storedByEarlierRelease = {
      version: row.version,
      gzipped: earlier.gzipped,
      layout: storedLayout(earlier),
      format: 'an-earlier-release',
    };
    await t.ctx.db
      .insertInto('stored_list_answers')
      .values({ list_id: list.id, ...storedByEarlierRelease })
      .execute();
    const stored = () => storedAnswer(list.id, ['version', 'format']);

    // A process without it in memory builds it instead of serving the stored one, and
    // stores its own build in this release's format.
    const fresh = cachedListAnswer(t.ctx.db, {
      database: databaseLocation(t.ctx.config),
    });
    try {
      const served = await fresh.answer(row);
      expect(fresh.lastBuildThreadId).toBe(threadId);
      expect(served.equals((await buildListAnswer(t.ctx.db, row)).gzipped)).toBe(true);
      expect(gunzipSync(served).toString()).not.toContain('As an earlier release');
      await expect.poll(stored).toEqual({ version: row.version, format: LIST_ANSWER_FORMAT });
    } finally {
      await fresh.close();
    }

    // The thread, holding no answer of the list, does not patch the next version from an
    // earlier release's: it builds the list whole and stores that in this release's format.
    await t.ctx.db
      .updateTable('stored_list_answers')
      .set(storedByEarlierRelease)
      .where('list_id', '=', list.id)
      .execute();
    await t.ctx.db
      .updateTable('reviews')
      .set({ review: 'Rewritten' })
      .where('id', '=', earlier.positions.keys().next().value!)
      .execute();
    const newer = await record(list.id);
    const kept = answers();
    await kept.warm();
    const built = await kept.answer(newer);
    expect(kept.lastBuildThreadId).not.toBe(threadId);
    expect(kept.lastBuildPatched).toBe(false);
    expect(built.equals((await buildListAnswer(t.ctx.db, newer)).gzipped)).toBe(true);
    expect(await stored()).toEqual({ version: newer.version, format: LIST_ANSWER_FORMAT });
  });

  it('builds a small list on the event loop', async () => {
    const list = await bigList(2);
    const kept = answers();
    const built = await kept.answer(await record(list.id));
    expect(kept.lastBuildThreadId).toBe(threadId);
    expect(built.equals((await buildListAnswer(t.ctx.db, await record(list.id))).gzipped)).toBe(
      true,
    );
  });
});
