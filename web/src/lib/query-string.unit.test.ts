import { describe, expect, it } from 'vitest';
import { withQuery } from './query-string.ts';

describe('withQuery', () => {
  it('returns the path unchanged without parameters', () => {
    expect(withQuery('/api/lists/list/')).toBe('/api/lists/list/');
    expect(withQuery('/api/lists/list/', {})).toBe('/api/lists/list/');
  });

  it('appends parameters in order and encodes them', () => {
    expect(withQuery('/api/reviews/review/', { offset: 20, limit: 20, search: 'café & bar' })).toBe(
      '/api/reviews/review/?offset=20&limit=20&search=caf%C3%A9+%26+bar',
    );
  });

  it('skips undefined, null and empty values but keeps 0 and false', () => {
    expect(withQuery('/x', { a: undefined, b: null, c: '', d: 0, e: false, f: 'ok' })).toBe(
      '/x?d=0&e=false&f=ok',
    );
  });

  it('repeats the key for arrays', () => {
    expect(withQuery('/x', { type: ['museum', '', 'park'] })).toBe('/x?type=museum&type=park');
  });

  it('extends a path that already has a query', () => {
    expect(withQuery('/x?a=1', { b: 2 })).toBe('/x?a=1&b=2');
    expect(withQuery('/x?a=1', { b: undefined })).toBe('/x?a=1');
  });
});
