import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerBound } from './lower-bound.ts';

describe('lowerBound', () => {
  it('finds the first index not before the value in any sorted array, as a scan does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 })),
        fc.integer({ min: -6, max: 6 }),
        (values, value) => {
          const sorted = [...values].sort((a, b) => a - b);
          const scanned = sorted.findIndex((v) => v >= value);
          expect(lowerBound(sorted.length, (i) => sorted[i]! < value)).toBe(
            scanned === -1 ? sorted.length : scanned,
          );
        },
      ),
    );
  });
});
