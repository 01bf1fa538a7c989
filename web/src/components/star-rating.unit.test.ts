import { describe, expect, it } from 'vitest';
import { shownStars } from './star-rating.ts';

describe('shownStars', () => {
  it('shows no stars for a missing rating or one below 1 (spec §5)', () => {
    expect(shownStars(undefined)).toBe(0);
    expect(shownStars(null)).toBe(0);
    expect(shownStars(0)).toBe(0);
    expect(shownStars(0.9)).toBe(0);
    expect(shownStars(-3)).toBe(0);
    expect(shownStars(Number.NaN)).toBe(0);
  });

  it('shows whole stars from 1 to 5', () => {
    expect(shownStars(1)).toBe(1);
    expect(shownStars(3.4)).toBe(3);
    expect(shownStars(4.5)).toBe(5);
    expect(shownStars(5)).toBe(5);
    expect(shownStars(9)).toBe(5);
  });
});
