import { describe, expect, it } from 'vitest';
import { orderFromSet, withVisited, type SearchSet } from './gallery-search-set.ts';
import type { GalleryQuery } from './sort-keys.ts';

// Ids ascending, as the set keeps them; rating 0 is unrated (last in both rating sorts).
const ratings = [3, 0, 5, 3, 1, 5];
const visited = [1, 0, 1, 1, 0, 0];
const set: SearchSet = {
  version: 7,
  order: {
    ids: Int32Array.from([10, 11, 12, 13, 14, 15]),
    ratings: Uint8Array.from(ratings.map((rating, i) => withVisited(rating, visited[i]!))),
  },
};

const idsOf = (q: Partial<GalleryQuery>) => [
  ...orderFromSet(set, { offset: 0, limit: 20, sortBy: 'newest', visited: 'both', ...q }).ids,
];

describe('a search’s order from its set of matches', () => {
  it('sorts by id either way, and by rating with ties newest first', () => {
    expect(idsOf({ sortBy: 'oldest' })).toEqual([10, 11, 12, 13, 14, 15]);
    expect(idsOf({ sortBy: 'newest' })).toEqual([15, 14, 13, 12, 11, 10]);
    expect(idsOf({ sortBy: 'highest_rating' })).toEqual([15, 12, 13, 10, 14, 11]);
    expect(idsOf({ sortBy: 'lowest_rating' })).toEqual([14, 13, 10, 15, 12, 11]);
  });

  it('keeps only the visited spots, or only the others', () => {
    expect(idsOf({ sortBy: 'highest_rating', visited: 'true' })).toEqual([12, 13, 10]);
    expect(idsOf({ sortBy: 'oldest', visited: 'false' })).toEqual([11, 14, 15]);
  });

  it('carries each spot’s rating with it', () => {
    const order = orderFromSet(set, {
      offset: 0,
      limit: 20,
      sortBy: 'lowest_rating',
      visited: 'both',
    });
    expect([...order.ratings]).toEqual([1, 3, 3, 5, 5, 0]);
  });
});
