import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOrder } from './gallery-whole-order.ts';

describe('decodeOrder', () => {
  it('reads back every id and rating of the aggregated codes, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 2 ** 28 }), fc.nat(5))), (spots) => {
        const codes = spots.map(([id, rating]) => id * 8 + rating).join(',');
        const order = decodeOrder(spots.length ? codes : null);
        expect([...order.ids]).toEqual(spots.map(([id]) => id));
        expect([...order.ratings]).toEqual(spots.map(([, rating]) => rating));
      }),
    );
  });
});
