import { describe, expect, it } from 'vitest';
import { needsPager, pageCount, pageOffset, pagerItems } from './pager.ts';

describe('needsPager', () => {
  it('shows only when the count exceeds the page size', () => {
    expect(needsPager(0, 20)).toBe(false);
    expect(needsPager(20, 20)).toBe(false);
    expect(needsPager(21, 20)).toBe(true);
    expect(needsPager(6, 5)).toBe(true);
  });
});

describe('pageCount and pageOffset', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(100_000, 20)).toBe(5000);
  });

  it('computes offset = page size × (page − 1)', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(2, 20)).toBe(20);
    expect(pageOffset(1000, 20)).toBe(19_980);
    expect(pageOffset(0, 5)).toBe(0);
  });
});

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 2)).toEqual([1, 2]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last, current, neighbours and ellipses', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 'gap-after', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'gap-before', 4, 5, 6, 'gap-after', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'gap-before', 9, 10]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap-after', 10]);
    expect(pagerItems(7, 10)).toEqual([1, 'gap-before', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pagerItems(0, 10)).toEqual([1, 2, 'gap-after', 10]);
    expect(pagerItems(99, 10)).toEqual([1, 'gap-before', 9, 10]);
    expect(pagerItems(1, 0)).toEqual([1]);
  });
});
