import { PAGE_SIZE } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { skeletonLines } from './skeleton-lines.ts';

describe('skeletonLines', () => {
  it('has 5 lines when the count exceeds the page size, otherwise 3 (spec §4)', () => {
    expect(skeletonLines(undefined, PAGE_SIZE.reviews)).toBe(3);
    expect(skeletonLines(0, PAGE_SIZE.reviews)).toBe(3);
    expect(skeletonLines(20, PAGE_SIZE.reviews)).toBe(3);
    expect(skeletonLines(21, PAGE_SIZE.reviews)).toBe(5);
    expect(skeletonLines(6, PAGE_SIZE.lists)).toBe(5);
  });
});
