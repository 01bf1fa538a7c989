import { describe, expect, it } from 'vitest';
import { FIRST_BATCH, firstShown, NEXT_BATCH, nextShown } from './progressive.ts';

describe('progressive card batches', () => {
  it('start with one batch, or the whole short list', () => {
    expect(firstShown(2000)).toBe(FIRST_BATCH);
    expect(firstShown(3)).toBe(3);
  });

  it('grow by a batch and stop at the end', () => {
    expect(nextShown(FIRST_BATCH, 2000)).toBe(FIRST_BATCH + NEXT_BATCH);
    expect(nextShown(1990, 2000)).toBe(2000);
    expect(nextShown(2000, 2000)).toBe(2000);
  });
});
