import { gunzipSync } from 'node:zlib';
import { responseSerializer } from '../../lib/response-serializer.ts';
import { describe, expect, it } from 'vitest';
import { listDetailSchema, type ListDetail } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { clock } from '../../lib/clock.ts';
import { BLOCK_ITEMS } from '../../lib/gzip-blocks.ts';
import {
  LIST_CHANGES_KEPT as KEPT,
  LIST_CHANGES_TRIM_EVERY as EVERY,
} from '../../db/migrations/016_list_spot_changes.ts';
import { presentList } from './access.ts';
import {
  buildListAnswer,
  nextListAnswer,
  patchListAnswer,
  storedLayout,
  type KeptListAnswer,
} from './list-answer-build.ts';
import { listSpots } from './list-spots.ts';
import { storeListAnswer } from './list-answer-store.ts';
import { findList } from './repository.ts';
import { insertBigList, TEXTS } from './test/big-list.ts';
import { insertSpot } from './test/factories.ts';

/*
 * A list answer is gzipped in blocks, and patched from the list's earlier answer when only
 * spots on it changed (migration 016 logs which): the patched bytes must be a whole
 * build's, to the byte, after every kind of spot and photo write, and anything else must
 * make it build whole.
 */

const { t, alice } = useTestApp({ users: ['alice'] });
const db = () => t.ctx.db;

const record = async (id: number) => (await findList(t.ctx.db, String(id)))!;
const serializeWhole = responseSerializer<ListDetail>(listDetailSchema, '/api/lists/list/:key/');

/** A list of 150 spots (three blocks), its first answer, and its spots' ids in order. */
async function listWithAnswer() {
  const list = await insertBigList(db(), alice, 2 * BLOCK_ITEMS + 22);
  const built = await buildListAnswer(db(), await record(list.id));
  const ids = [...built.positions.keys()];
  return { list, built, ids };
}

/** Patches `kept` to the list's current version and checks it against a whole build. */
async function expectPatchedAsWhole(listId: number, kept: KeptListAnswer) {
  const row = await record(listId);
  expect(row.version).toBeGreaterThan(kept.version);
  const patched = await patchListAnswer(db(), row, kept);
  const whole = await buildListAnswer(db(), row);
  expect(patched, 'patched, not refused').toBeDefined();
  expect(patched!.gzipped.equals(whole.gzipped)).toBe(true);
  return patched!;
}

const edit = (spot: number, set: { review?: string; rating?: number; visited?: number }) =>
  db().updateTable('reviews').set(set).where('id', '=', spot).execute();

describe('list answers in blocks', () => {
  it("are the whole answer's bytes, in a gzip that checks", async () => {
    const { list, built } = await listWithAnswer();
    expect(built.blocks.blocks).toHaveLength(3);
    const detail = {
      ...presentList(await record(list.id)),
      reviews: await listSpots(db(), list.id),
    };
    // gunzipSync checks the trailer's CRC-32 and length.
    expect(gunzipSync(built.gzipped).toString('utf8')).toBe(serializeWhole(detail));
    const route = await alice.client.get(`/api/lists/list/${list.slug}/`);
    expect(route.body).toBe(serializeWhole(detail));
  });

  it("are patched to a whole build's bytes after every kind of spot and photo write", async () => {
    const { list, built, ids } = await listWithAnswer();
    const [first, endOfFirstBlock, inSecondBlock, last] = [
      ids[0]!,
      ids[BLOCK_ITEMS - 1]!,
      ids[BLOCK_ITEMS + 3]!,
      ids.at(-1)!,
    ];
    const writes: (() => Promise<unknown>)[] = [
      // Longer, shorter and multi-byte texts move the items' byte lengths.
      () => edit(first, { review: `${TEXTS[3]} and more ${'é'.repeat(300)}` }),
      () => edit(first, { review: '' }),
      () => edit(last, { rating: 5, visited: 1 }),
      // The end of a block is the next block's dictionary.
      () => edit(endOfFirstBlock, { review: TEXTS[3] }),
      async () => {
        await edit(endOfFirstBlock, { rating: 0 });
        await edit(inSecondBlock, { rating: 0 });
      },
      // Two spots in two blocks, and one twice, between two answers.
      async () => {
        await edit(first, { rating: 1 });
        await edit(inSecondBlock, { review: TEXTS[1] });
        await edit(first, { rating: 2 });
      },
      // Through the API, as people write.
      () => alice.client.put(`/api/reviews/review/${inSecondBlock}/`, { review: 'Via the API' }),
      () =>
        db()
          .insertInto('photos')
          .values({
            review_id: last,
            user_id: alice.id,
            position: 9,
            width: 10,
            height: 20,
            bytes: 2,
            large: Buffer.from('l'),
            thumb: Buffer.from('t'),
            etag: 'new',
            created_at: clock.now(),
          })
          .execute(),
      () => db().updateTable('photos').set({ width: 99 }).where('review_id', '=', last).execute(),
      () => db().deleteFrom('photos').where('review_id', '=', last).execute(),
    ];
    let kept: KeptListAnswer = built;
    for (const write of writes) {
      await write();
      kept = await expectPatchedAsWhole(list.id, kept);
    }
    const shown = (await alice.client.get(`/api/lists/list/${list.slug}/`)).json<ListDetail>();
    expect(shown.reviews.find((spot) => spot.id === inSecondBlock)?.review).toBe('Via the API');
  });

  it('are built whole when the list or its entries changed', async () => {
    const refused = async (listId: number, kept: KeptListAnswer) =>
      patchListAnswer(db(), await record(listId), kept);

    const renamed = await listWithAnswer();
    await db()
      .updateTable('lists')
      .set({ name: 'Renamed' })
      .where('id', '=', renamed.list.id)
      .execute();
    expect(await refused(renamed.list.id, renamed.built)).toBeUndefined();

    const shorter = await listWithAnswer();
    await db()
      .deleteFrom('list_reviews')
      .where('list_id', '=', shorter.list.id)
      .where('review_id', '=', shorter.ids[5]!)
      .execute();
    expect(await refused(shorter.list.id, shorter.built)).toBeUndefined();

    const longer = await listWithAnswer();
    await edit(longer.ids[0]!, { rating: 4 });
    const added = await insertSpot(db(), alice.id);
    await db()
      .insertInto('list_reviews')
      .values({ list_id: longer.list.id, review_id: added, notes: '', added_at: clock.now() })
      .execute();
    expect(await refused(longer.list.id, longer.built)).toBeUndefined();
    // nextListAnswer then builds it whole, with the new entry.
    const next = await nextListAnswer(db(), await record(longer.list.id), longer.built);
    expect(next.made).toBe('whole');
    const shown = JSON.parse(gunzipSync(next.gzipped).toString()) as ListDetail;
    expect(shown.reviews.map((spot) => spot.id)).toContain(added);
  });

  it('are patched from the answer another process stored, when the thread holds none', async () => {
    const { list, built, ids } = await listWithAnswer();
    await storeListAnswer(db(), await record(list.id), built.gzipped, storedLayout(built));
    await edit(ids[BLOCK_ITEMS - 1]!, { review: TEXTS[3] });
    const row = await record(list.id);
    const next = await nextListAnswer(db(), row, undefined);
    expect(next.made).toBe('patched');
    expect(next.gzipped.equals((await buildListAnswer(db(), row)).gzipped)).toBe(true);

    // Stored without a layout, or with another answer's, it is built whole.
    await db().updateTable('stored_list_answers').set({ layout: null }).execute();
    expect((await nextListAnswer(db(), row, undefined)).made).toBe('whole');
    const other = await listWithAnswer();
    await db()
      .updateTable('stored_list_answers')
      .set({ layout: storedLayout(other.built) })
      .where('list_id', '=', list.id)
      .execute();
    const whole = await nextListAnswer(db(), row, undefined);
    expect(whole.made).toBe('whole');
    expect(whole.gzipped.equals(next.gzipped)).toBe(true);
  });

  it('are built whole when more than a quarter of the spots changed', async () => {
    const { list, built, ids } = await listWithAnswer();
    for (const spot of ids.slice(0, ids.length / 4 + 1)) await edit(spot, { rating: 3 });
    expect(await patchListAnswer(db(), await record(list.id), built)).toBeUndefined();
  });
});

describe('list spot change log (migration 016)', () => {
  const logged = async (listId: number) =>
    (
      await db()
        .selectFrom('list_spot_changes')
        .select('version')
        .where('list_id', '=', listId)
        .orderBy('version')
        .execute()
    ).map((row) => row.version);

  it('keeps at least KEPT versions, is trimmed in batches, and goes with its list', async () => {
    const { list, ids } = await listWithAnswer();
    const start = (await record(list.id)).version;
    let version = start;
    for (let i = 0; i < KEPT + 3 * EVERY; i++) {
      await edit(ids[i % ids.length]!, { rating: i % 6 });
      version += 1;
      const versions = await logged(list.id);
      expect(versions.at(-1)).toBe(version);
      expect(versions[0]!).toBeLessThanOrEqual(Math.max(version - KEPT + 1, start + 1));
      expect(versions.length).toBeLessThanOrEqual(KEPT + EVERY);
    }
    expect((await alice.client.delete(`/api/lists/list/${list.slug}/`)).statusCode).toBe(204);
    expect(await logged(list.id)).toEqual([]);
  });
});
