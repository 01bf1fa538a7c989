import { describe, expect, it } from 'vitest';
import { Raster } from './raster.ts';

const BLACK = [0, 0, 0] as const;
const WHITE = [255, 255, 255] as const;
const at = (r: Raster, x: number, y: number) => [
  ...r.rgb.subarray((y * r.width + x) * 3, (y * r.width + x) * 3 + 3),
];

describe('Raster', () => {
  it('fills inside a ring, leaves a hole with the even-odd rule, and blends its edges', () => {
    const r = new Raster(20, 20, WHITE);
    r.fillRings(
      [
        [2, 2, 18, 2, 18, 18, 2, 18],
        [8, 8, 12, 8, 12, 12, 8, 12],
      ],
      BLACK,
    );
    expect(at(r, 5, 5)).toEqual([0, 0, 0]);
    expect(at(r, 10, 10)).toEqual([255, 255, 255]); // the hole
    expect(at(r, 1, 10)).toEqual([255, 255, 255]);
    // An edge through the middle of a pixel covers half of it.
    const half = new Raster(4, 1, WHITE);
    half.fillRings([[0, -1, 1.5, -1, 1.5, 2, 0, 2]], BLACK);
    expect(at(half, 1, 0)[0]).toBeCloseTo(127.5, -0.5);
  });

  it('strokes a line at its width, drawing shared joints once', () => {
    const r = new Raster(20, 9, WHITE);
    r.strokePaths([[2, 4.5, 10, 4.5, 18, 4.5]], 1, BLACK);
    expect(at(r, 10, 4)).toEqual([0, 0, 0]);
    expect(at(r, 10, 2)).toEqual([255, 255, 255]);
  });
});
