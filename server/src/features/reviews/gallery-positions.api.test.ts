import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewSort, VisitedFilter } from '@spotbook/contract';
import { createPlace, createSpot } from '../../../test/factories.ts';
import { signedInUser, useTestApp } from '../../../test/helper.ts';
import { countedSearchPage } from './gallery-counted-search.ts';
import { galleryReader, type GalleryOptions } from './gallery.ts';
import { addMark, type Mark } from './gallery-positions.ts';
import type { GalleryQuery } from './sort-keys.ts';

/*
 * Plain pages are picked from the user's orders kept in memory (gallery-spot-orders.ts);
 * filtered pages, and plain ones of a reader keeping no orders, seek to cached marks; broad
 * searches walk the sort index (gallery-positions.ts, gallery-index-walk.ts). With marks
 * every 3 positions, 40 spots exercise every path that 100,000 do; every page must equal
 * the order computed here.
 */

interface Made {
  id: number;
  rating: number;
  visited: boolean;
  type: string;
  city: string;
  words: string[];
}
const made: Made[] = [];
const { t, alice } = useTestApp({ users: ['alice'] });

async function addSpot(i: number) {
  const type = ['museum', 'park', 'cafe'][i % 3]!;
  const city = i % 2 ? 'Lyon' : 'Paris';
  const review = [i % 3 === 0 ? 'garden view' : 'plain', i % 7 === 0 ? 'tower' : ''].join(' ');
  const placeId = await createPlace(t.ctx, {
    display_name: `Spot ${i}`,
    city,
    country: 'France',
    primary_type: type,
    formatted_address: '1 Road',
  });
  const spot = { rating: i % 6, visited: i % 4 < 2, review };
  const { id } = await createSpot(alice, placeId, spot);
  made.push({
    id,
    rating: spot.rating,
    visited: spot.visited,
    type,
    city,
    words: review.split(' '),
  });
}

beforeAll(async () => {
  for (let i = 0; i < 40; i++) await addSpot(i);
  // Another user's spots share the words and must never appear.
  const bob = await signedInUser(t.app);
  await createSpot(bob, await createPlace(t.ctx, { display_name: 'garden tower' }), {
    review: 'garden tower',
  });
});

const lowKey = (rating: number) => (rating === 0 ? 6 : rating);
const ORDER: Record<ReviewSort, (a: Made, b: Made) => number> = {
  newest: (a, b) => b.id - a.id,
  oldest: (a, b) => a.id - b.id,
  highest_rating: (a, b) => b.rating - a.rating || b.id - a.id,
  lowest_rating: (a, b) => lowKey(a.rating) - lowKey(b.rating) || b.id - a.id,
};

function expected(q: GalleryQuery) {
  const words = (q.search ?? '').split(' ').filter(Boolean);
  const all = made
    .filter((s) => q.visited === 'both' || s.visited === (q.visited === 'true'))
    .filter((s) => q.type === undefined || s.type === q.type)
    .filter((s) => q.city === undefined || s.city === q.city)
    .filter((s) => words.every((w) => [`spot`, ...s.words].some((sw) => sw.startsWith(w))))
    .sort(ORDER[q.sortBy]);
  return { count: all.length, ids: all.slice(q.offset, q.offset + q.limit).map((s) => s.id) };
}

const SHAPES: Partial<GalleryQuery>[] = [
  {},
  { visited: 'true' },
  { visited: 'false' },
  { type: 'park' },
  { city: 'Lyon', visited: 'true' },
  { search: 'garden' },
  { search: 'gar', visited: 'false' },
  { search: 'garden', type: 'museum' },
  { search: 'plain', type: 'park', city: 'Lyon', visited: 'false' },
  { search: 'tower', country: 'France' },
  { search: 'tower garden' },
  { search: 't' },
  { search: 'g', visited: 'true' },
  { search: 'nothingmatches' },
];
const SORTS: ReviewSort[] = ['newest', 'oldest', 'highest_rating', 'lowest_rating'];

async function checkEveryPage(options: GalleryOptions) {
  const gallery = galleryReader(t.ctx.db, t.ctx.dialect, options);
  for (const shape of SHAPES) {
    for (const sortBy of SORTS) {
      // Deep offsets first, so marks are found both forwards and from the start.
      for (const offset of [37, 0, 2, 3, 4, 9, 20, 41, 38, 7]) {
        for (const limit of [1, 2, 5]) {
          const q = { offset, limit, sortBy, visited: 'both' as VisitedFilter, ...shape };
          const page = await gallery(alice.id, q);
          const want = expected(q);
          const label = JSON.stringify(q);
          expect(
            page.results.map((r) => r.id),
            label,
          ).toEqual(want.ids);
          expect(page.count, label).toBe(want.count);
        }
      }
    }
  }
  return gallery;
}

describe('gallery pages from cached marks', () => {
  it('equal the plain order at every offset, sort, filter and search (few matches drive)', async () => {
    await checkEveryPage({ step: 3, broadSearch: Number.MAX_SAFE_INTEGER });
  });

  it('equal it when every search is walked on the sort index (many matches)', async () => {
    await checkEveryPage({ step: 3, broadSearch: 1 });
  });

  it('equal it when broad first pages test few sort index entries, then build the order', async () => {
    // SQLite: pages within 8 entries of the start are walked, deeper ones sliced.
    await checkEveryPage({ step: 3, broadSearch: 1, testedWalk: 8 });
  });

  it('equal it with plain orders walked on the sort indexes, not kept in memory', async () => {
    await checkEveryPage({ step: 3, broadSearch: Number.MAX_SAFE_INTEGER, spotOrderBytes: 0 });
  });

  it('equal it without marks (offsets shorter than a step)', async () => {
    await checkEveryPage({ step: 1000 });
  });

  it('walk a one-letter search eight times further: it reads index entries, not rows', async () => {
    const q: GalleryQuery = {
      offset: 2,
      limit: 2,
      sortBy: 'lowest_rating',
      visited: 'both',
      search: 't',
    };
    // 't' and 'to' match the 6 spots with 'tower': a walk of ~(2 + 2) × 40 / 6 = 27
    // entries, over a cap of 8 for a word, within 8 × 8 for a letter.
    const page = (search: string) =>
      countedSearchPage(t.ctx.db, t.ctx.dialect, alice.id, { ...q, search }, 8);
    expect(await page('t')).toEqual(expected(q));
    expect(await page('to')).toBeUndefined();
  });

  it('seek a word walk to a mark an earlier page of this version found', async () => {
    const q: GalleryQuery = {
      offset: 3,
      limit: 2,
      sortBy: 'highest_rating',
      visited: 'both',
      search: 'garden',
    };
    const marks: Mark[] = [];
    const kept = { marks, step: 3, add: (mark: Mark) => addMark(marks, mark) };
    const page = (cap: number, withMarks = kept) =>
      countedSearchPage(t.ctx.db, t.ctx.dialect, alice.id, q, cap, withMarks);
    // 'garden' matches 14 of 40 spots: from the start this page walks ~5 × 40 / 14 = 14
    // entries, past a cap of 8; from a mark at its offset, ~6.
    expect(await page(8, undefined)).toBeUndefined();
    expect(await page(64)).toEqual(expected(q));
    expect(marks.map((mark) => mark.pos)).toEqual([3]);
    expect(await page(8)).toEqual(expected(q));
    expect(await page(8)).toEqual(expected(q));
    expect(marks).toHaveLength(1);
  });

  it('forget marks and counts when the user writes a spot', async () => {
    const gallery = await checkEveryPage({ step: 3, broadSearch: 1 });
    await addSpot(40);
    const q: GalleryQuery = { offset: 30, limit: 5, sortBy: 'highest_rating', visited: 'both' };
    const page = await gallery(alice.id, { ...q, search: 'garden' });
    const want = expected({ ...q, search: 'garden' });
    expect(page.results.map((r) => r.id)).toEqual(want.ids);
    expect(page.count).toBe(want.count);
    expect((await gallery(alice.id, q)).count).toBe(41);
  });
});
