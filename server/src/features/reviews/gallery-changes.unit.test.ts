import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewSort } from '@spotbook/contract';
import { matchesWords, mergeOrder, type SpotChange, type SpotImage } from './gallery-changes.ts';
import { COMPARE_KEYS } from './sort-keys.ts';

const spot = (id: number, rating: number): SpotImage => ({
  id,
  rating,
  visited: 0,
  place_type: 'park',
  place_city: 'Lyon',
  place_country: 'France',
});

describe('mergeOrder', () => {
  it('equals sorting the changed set anew, for every sort', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ReviewSort>('newest', 'oldest', 'highest_rating', 'lowest_rating'),
        fc.uniqueArray(fc.nat(200), { maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(200), fc.option(fc.nat(5)))),
        (sortBy, ids, writes) => {
          const compare = COMPARE_KEYS[sortBy];
          const before = new Map(ids.map((id) => [id, spot(id, id % 6)]));
          const sorted = (spots: Iterable<SpotImage>) => [...spots].sort(compare);
          const old = sorted(before.values());
          const after = new Map(before);
          // The last write of a spot wins; null deletes it.
          for (const [id, rating] of writes) {
            if (rating === null) after.delete(id);
            else after.set(id, spot(id, rating));
          }
          const changes: SpotChange[] = [...new Set(writes.map(([id]) => id))].map((id) => ({
            id,
            before: before.get(id),
            after: after.get(id),
          }));
          const merged = mergeOrder(
            {
              ids: Int32Array.from(old, (s) => s.id),
              ratings: Uint8Array.from(old, (s) => s.rating),
            },
            { offset: 0, limit: 20, sortBy, visited: 'both' },
            changes,
            changes.flatMap((c) => c.after ?? []),
          );
          const want = sorted(after.values());
          expect([...merged.ids]).toEqual(want.map((s) => s.id));
          expect([...merged.ratings]).toEqual(want.map((s) => s.rating));
        },
      ),
    );
  });
});

describe('matchesWords', () => {
  it('is a word-prefix test, every search word on some word', () => {
    expect(matchesWords('jardin des plantes', ['pla', 'jar'], 'sqlite')).toBe(true);
    expect(matchesWords('jardin des plantes', ['ardin'], 'postgres')).toBe(false);
    expect(matchesWords('jardin des plantes', ['jardin', 'zoo'], 'sqlite')).toBe(false);
    expect(matchesWords('', ['a'], 'postgres')).toBe(false);
  });

  it("defers to SQLite's index for letters its tokenizer may fold or split differently", () => {
    // FTS5 folds a final sigma to σ and the long s to s; PostgreSQL compares as is.
    expect(matchesWords('λογος', ['λογοσ'], 'sqlite')).toBeUndefined();
    expect(matchesWords('λογος', ['λογοσ'], 'postgres')).toBe(false);
    expect(matchesWords('ſtraße', ['st'], 'sqlite')).toBeUndefined();
    expect(matchesWords('straße', ['straß'], 'sqlite')).toBe(true);
    expect(matchesWords('東京 タワー', ['タワ'], 'sqlite')).toBe(true);
  });
});
