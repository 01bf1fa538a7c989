import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewSort, VisitedFilter } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/helper.ts';
import type { Db } from '../../db/connection.ts';
import { SpotOrders, type UserSpotOrders } from './gallery-spot-orders.ts';
import { COMPARE_KEYS, type GalleryQuery } from './sort-keys.ts';
import { readSpotCounters } from './spot-counters.ts';

/*
 * A user's orders are read a few spots at a time, with turns of the event loop between
 * (gallery-spot-orders.ts), so the user may write while they are read: the chunks then
 * show the spots at different versions, and the change log puts each changed spot where
 * it is at the end. Every page of every sort and filter must then be the database's.
 */

const { t, alice } = useTestApp({ users: ['alice'] });
const spots: number[] = [];

beforeAll(async () => {
  for (let i = 0; i < 23; i++) {
    const place = await createPlace(t.ctx, { display_name: `Spot ${i}` });
    const { id } = await createSpot(alice, place, { rating: (i * 5) % 6, visited: i % 3 === 0 });
    spots.push(id);
  }
});

/**
 * `base` with `writes.get(n)` run once the n-th chunk of a user's orders is answered, after
 * its connection is free again (SQLite's one connection is held while a plugin sees a result).
 */
function writingBetweenChunks(base: Db, writes: Map<number, () => Promise<unknown>>): Db {
  let chunks = 0;
  const executor = base.getExecutor();
  const executeQuery: typeof executor.executeQuery = async (query) => {
    const result = await executor.executeQuery(query);
    const [row] = result.rows as Record<string, unknown>[];
    if (row && 'codes' in row) await writes.get(++chunks)?.();
    return result;
  };
  // Kysely's methods use private fields: each is called on the object itself.
  const bound = <T extends object>(target: T, own: Record<string | symbol, unknown>) =>
    new Proxy(target, {
      get(object, property) {
        if (property in own) return own[property];
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
      },
    });
  const watched = bound(executor, { executeQuery });
  return bound(base, { getExecutor: () => watched });
}

const SORTS: ReviewSort[] = ['newest', 'oldest', 'highest_rating', 'lowest_rating'];
const VISITED: VisitedFilter[] = ['both', 'true', 'false'];

async function expectDatabasePages(orders: UserSpotOrders) {
  const rows = await t.ctx.db
    .selectFrom('reviews')
    .select(['id', 'rating', 'visited'])
    .where('user_id', '=', alice.id)
    .execute();
  for (const sortBy of SORTS) {
    for (const visited of VISITED) {
      const order = rows
        .filter((r) => visited === 'both' || r.visited === (visited === 'true' ? 1 : 0))
        .sort(COMPARE_KEYS[sortBy])
        .map((r) => r.id);
      for (const offset of [0, 3, 8, 17, 30]) {
        const q: GalleryQuery = { offset, limit: 5, sortBy, visited };
        expect(orders.page(q), JSON.stringify(q)).toEqual({
          ids: order.slice(offset, offset + 5),
          count: order.length,
        });
      }
    }
  }
}

describe("a user's orders read while the user writes", () => {
  it('are the database’s at every page, sort and filter once read', async () => {
    const [early, late, gone] = [spots[1]!, spots[20]!, spots[2]!];
    const rate = (id: number, rating: number, visited: number) =>
      t.ctx.db.updateTable('reviews').set({ rating, visited }).where('id', '=', id).execute();
    const writes = new Map<number, () => Promise<unknown>>([
      // After the first chunk: a spot read already and one not read yet change lists.
      [1, () => Promise.all([rate(early, 5, 1), rate(late, 0, 0)])],
      // After the second: a spot read already is deleted, a new one created.
      [
        2,
        async () => {
          await t.ctx.db.deleteFrom('reviews').where('id', '=', gone).execute();
          await createSpot(alice, await createPlace(t.ctx, { display_name: 'New' }), {
            rating: 3,
          });
        },
      ],
      // After the last one (the fifth): the early spot changes once more.
      [5, () => rate(early, 1, 0)],
    ]);
    const db = writingBetweenChunks(t.ctx.db, writes);
    const orders = new SpotOrders(db, t.ctx.dialect, undefined, 5);

    expect(await orders.at(alice.id, 0)).toBeUndefined(); // not read yet
    orders.readSoon(alice.id);
    await orders.reading(alice.id);
    const { version } = await readSpotCounters(t.ctx.db, alice.id);
    const read = await orders.at(alice.id, version);
    expect(read?.version).toBe(version);
    await expectDatabasePages(read!);
  });

  it('follow later writes from the change log', async () => {
    const orders = new SpotOrders(t.ctx.db, t.ctx.dialect, undefined, 5);
    orders.readSoon(alice.id);
    await orders.reading(alice.id);
    await createSpot(alice, await createPlace(t.ctx, { display_name: 'Later' }), { rating: 4 });
    await alice.client.put(`/api/reviews/review/${spots[7]}/`, { rating: 2, visited: true });
    await alice.client.delete(`/api/reviews/review/${spots[9]}/`);
    const { version } = await readSpotCounters(t.ctx.db, alice.id);
    const caughtUp = await orders.at(alice.id, version);
    expect(caughtUp?.version).toBe(version);
    await expectDatabasePages(caughtUp!);
  });

  it('are not read again and again for a user whose orders pass the memory they may take', async () => {
    const orders = new SpotOrders(t.ctx.db, t.ctx.dialect, 64, 5);
    orders.readSoon(alice.id);
    await orders.reading(alice.id);
    expect(await orders.at(alice.id, 0)).toBeUndefined(); // too big to keep
    orders.readSoon(alice.id);
    expect(orders.reading(alice.id)).toBeUndefined(); // the walks answer from now on
  });
});
