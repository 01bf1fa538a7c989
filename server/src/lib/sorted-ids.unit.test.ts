import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOfUnion, SortedIds } from './sorted-ids.ts';

const ascending = (ids: Iterable<number>) => Int32Array.from(new Set(ids)).sort();
const contents = (list: SortedIds) => Array.from({ length: list.length }, (_, i) => list.at(i));

describe('SortedIds', () => {
  it('keeps its ids ascending through any inserts and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 })),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 60 }))),
        (start, edits) => {
          const list = new SortedIds(ascending(start));
          const model = new Set(start);
          for (const [add, id] of edits) {
            expect(add ? list.insert(id) : list.remove(id)).toBe(add !== model.has(id));
            if (add) model.add(id);
            else model.delete(id);
            expect(list.has(id)).toBe(add);
          }
          expect(contents(list)).toEqual([...model].sort((a, b) => a - b));
        },
      ),
    );
  });
});

describe('pageOfUnion', () => {
  it('is the slice of the merged order at any skip, either direction', () => {
    fc.assert(
      fc.property(
        // Distinct ids dealt over up to five lists, some empty.
        fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 80 }),
        fc.array(fc.nat(4), { maxLength: 80 }),
        fc.nat(90),
        fc.integer({ min: 0, max: 25 }),
        fc.boolean(),
        (ids, dealt, skip, take, descending) => {
          const lists = [0, 1, 2, 3, 4].map(
            (k) => new SortedIds(ascending(ids.filter((_, i) => (dealt[i] ?? 0) === k))),
          );
          const merged = [...ids].sort((a, b) => (descending ? b - a : a - b));
          expect(pageOfUnion(lists, skip, take, descending)).toEqual(
            merged.slice(skip, skip + take),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds a page deep in 100,000 ids without walking to it', () => {
    const lists = [0, 1, 2].map(
      (k) => new SortedIds(Int32Array.from({ length: 33_334 }, (_, i) => 3 * i + k + 1)),
    );
    expect(pageOfUnion(lists, 99_990, 5, true)).toEqual([12, 11, 10, 9, 8]);
    expect(pageOfUnion(lists, 50_000, 3, false)).toEqual([50_001, 50_002, 50_003]);
    expect(pageOfUnion(lists, 100_002, 3, false)).toEqual([]);
  });
});
