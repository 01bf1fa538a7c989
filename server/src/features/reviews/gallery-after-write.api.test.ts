import { sql } from 'kysely';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewSort } from '@spotbook/contract';
import { GALLERY_CHANGES_KEPT } from '../../db/migrations/008_gallery_changes.ts';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, useTestApp } from '../../../test/helper.ts';
import { galleryReader, type GalleryOptions } from './gallery.ts';
import type { GalleryQuery } from './sort-keys.ts';

/*
 * A reader keeps marks, counts and search orders per query and follows the user's writes
 * by applying the logged changes (gallery-catch-up.ts). After any sequence of writes —
 * through the API and straight into the database, one spot or many in one statement —
 * every page it serves must equal the page of a reader that keeps nothing: plain OFFSET
 * walks and orders found anew by the database (no search's set of matches kept,
 * gallery-search-set.ts), every spot read (no kept cards, spot-cards.ts). Marks every
 * 3 positions make 30 spots exercise every path.
 */

const PLAIN: GalleryOptions = { step: 1e9, cardBytes: 0, searchSetBytes: 0, spotOrderBytes: 0 };

const { t, alice } = useTestApp({ users: ['alice'] });
const WORDS = ['garden', 'gate', 'tower', 'river', 'plain'];
const TYPES = ['museum', 'park', 'cafe'];
const spots: number[] = [];

async function addSpot(seed: number) {
  const placeId = await createPlace(t.ctx, {
    display_name: `Spot ${seed}`,
    city: seed % 2 ? 'Lyon' : 'Paris',
    primary_type: TYPES[seed % 3]!,
  });
  const review = `${WORDS[seed % 5]} ${WORDS[(seed * 7) % 5]}`;
  const spot = { rating: seed % 6, visited: seed % 4 < 2, review };
  spots.push((await createSpot(alice, placeId, spot)).id);
}

beforeAll(async () => {
  for (let i = 0; i < 30; i++) await addSpot(i);
  // Another user's spots share the words and must never appear.
  const bob = await signedInUser(t.app);
  await createSpot(bob, await createPlace(t.ctx, { display_name: 'garden tower' }), {
    review: 'garden gate',
  });
});

const SHAPES: Partial<GalleryQuery>[] = [
  {},
  { visited: 'true' },
  { type: 'park' },
  { city: 'Lyon', visited: 'false' },
  { search: 'ga' },
  { search: 'garden', visited: 'true' },
  { search: 'g', visited: 'false' },
  { search: 'tower river' },
  { search: 'g', type: 'cafe' },
];
const SORTS: ReviewSort[] = ['newest', 'oldest', 'highest_rating', 'lowest_rating'];
type Visited = GalleryQuery['visited'];
const VISITED: Visited[] = ['both', 'true', 'false'];
const OFFSETS = [25, 0, 7, 13, 4];

/** Every shape, sort and offset: the kept reader against one that keeps nothing. */
async function expectSamePages(kept: ReturnType<typeof galleryReader>) {
  for (const shape of SHAPES) {
    for (const sortBy of SORTS) {
      const plain = galleryReader(t.ctx.db, t.ctx.dialect, PLAIN);
      for (const offset of OFFSETS) {
        const q: GalleryQuery = { offset, limit: 4, sortBy, visited: 'both', ...shape };
        expect(await kept(alice.id, q), JSON.stringify(q)).toEqual(await plain(alice.id, q));
      }
    }
  }
}

const pick = (n: number) => spots[n % spots.length]!;
type Write = (n: number) => Promise<unknown>;
const WRITES: Record<string, Write> = {
  create: (n) => addSpot(100 + n),
  rate: (n) => alice.client.put(`/api/reviews/review/${pick(n)}/`, { rating: n % 6 }),
  visit: (n) => alice.client.put(`/api/reviews/review/${pick(n)}/`, { visited: n % 2 === 0 }),
  reword: (n) =>
    alice.client.put(`/api/reviews/review/${pick(n)}/`, { review: `${WORDS[n % 5]} new` }),
  remove: async (n) => {
    if (spots.length < 10) return;
    const [id] = spots.splice(n % spots.length, 1);
    await alice.client.delete(`/api/reviews/review/${id}/`);
  },
  // A photo changes the spot's card and moves the version without a log row (migration 007).
  photo: (n) =>
    t.ctx.db
      .insertInto('photos')
      .values({
        review_id: pick(n),
        user_id: alice.id,
        position: n,
        width: 4,
        height: 3,
        bytes: 1,
        large: Buffer.from('x'),
        thumb: Buffer.from('x'),
        etag: `e${n}`,
        created_at: n,
      })
      .execute(),
  // Another app server, or a statement changing many spots at once.
  direct: (n) =>
    t.ctx.db
      .updateTable('reviews')
      .set({ rating: sql`(rating + ${n}) % 6`, visited: sql`1 - visited` })
      .where('user_id', '=', alice.id)
      .where(sql`id % 3`, '=', n % 3)
      .execute(),
};

describe('gallery pages after writes', () => {
  for (const [name, options] of [
    ['matches driving', { step: 3, broadSearch: Number.MAX_SAFE_INTEGER }],
    // Plain pages from marks too, not from the orders kept in memory (gallery-spot-orders.ts).
    ['no plain orders kept', { step: 3, broadSearch: Number.MAX_SAFE_INTEGER, spotOrderBytes: 0 }],
    ['searches walked on the sort index', { step: 3, broadSearch: 1 }],
    // SQLite: first pages found without the order, deeper ones from it (built once).
    ['short walks for broad first pages', { step: 3, broadSearch: 1, testedWalk: 8 }],
  ] as [string, GalleryOptions][]) {
    it(`equal a reader that keeps nothing, ${name}`, { timeout: 240_000 }, async () => {
      const kept = galleryReader(t.ctx.db, t.ctx.dialect, options);
      await expectSamePages(kept);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...Object.keys(WRITES)), fc.nat(1000)), {
            minLength: 1,
            maxLength: 4,
          }),
          async (writes) => {
            for (const [write, n] of writes) {
              await WRITES[write]!(n);
              // Some queries catch up after each write, the rest several writes at once.
              const q: GalleryQuery = {
                offset: n % 20,
                limit: 3,
                sortBy: 'newest',
                visited: 'both',
              };
              expect(await kept(alice.id, q)).toEqual(
                await galleryReader(t.ctx.db, t.ctx.dialect, PLAIN)(alice.id, q),
              );
            }
            await expectSamePages(kept);
          },
        ),
        { numRuns: 8, seed: 14 },
      );
    });
  }

  it('give a search’s other sorts and filters from its set of matches, caught up', async () => {
    // One-word searches too: walks longer than 8 entries read the matches instead.
    const kept = galleryReader(t.ctx.db, t.ctx.dialect, { step: 3, testedWalk: 8 });
    let asked = 0;
    // Each query is asked once: its own kept order never serves, the words' set does. A
    // search spelled with more leading spaces is the same words (one set) but another query.
    const expectSame = async (search: string, sortBy: ReviewSort, visited: Visited) => {
      const q: GalleryQuery = {
        offset: 0,
        limit: 40,
        sortBy,
        visited,
        search: ' '.repeat(asked++) + search,
      };
      const plain = galleryReader(t.ctx.db, t.ctx.dialect, PLAIN);
      expect(await kept(alice.id, q), JSON.stringify(q)).toEqual(await plain(alice.id, q));
    };
    for (const search of ['g', 'tower river']) {
      await expectSame(search, 'newest', 'both');
      for (const [write, n] of [
        ['create', 1],
        ['reword', 2],
        ['rate', 3],
        ['visit', 4],
        ['remove', 5],
        ['direct', 6],
      ] as const) {
        await WRITES[write]!(n);
        for (const sortBy of SORTS) {
          for (const visited of VISITED) await expectSame(search, sortBy, visited);
        }
      }
    }
  });

  it('start afresh once the log no longer reaches back to what they keep', async () => {
    const kept = galleryReader(t.ctx.db, t.ctx.dialect, { step: 3 });
    await expectSamePages(kept);
    // Each update bumps the version twice: more versions than the log keeps.
    for (let i = 0; i <= GALLERY_CHANGES_KEPT / 2; i++) await WRITES.direct!(i);
    const { count } = await t.ctx.db
      .selectFrom('gallery_changes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeLessThanOrEqual(GALLERY_CHANGES_KEPT);
    await expectSamePages(kept);
  });
});
