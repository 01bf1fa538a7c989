import { describe, expect, it } from 'vitest';
import { foldAccents, normalizeText, plural } from './text.ts';

describe('text', () => {
  it('folds accents and compatibility forms, keeping case and other scripts', () => {
    expect(foldAccents('São Paulo, Zürich, Ångström')).toBe('Sao Paulo, Zurich, Angstrom');
    expect(foldAccents('ﬁne café')).toBe('fine cafe');
    expect(foldAccents('東京')).toBe('東京');
    expect(normalizeText('  São   PAULO ')).toBe('sao paulo');
  });

  it('picks the English singular only for one', () => {
    expect([0, 1, 2].map((n) => `${n} ${plural(n, 'spot')}`)).toEqual([
      '0 spots',
      '1 spot',
      '2 spots',
    ]);
    expect(plural(1, 'SPOT', 'SPOTS')).toBe('SPOT');
    expect(plural(5, 'city', 'cities')).toBe('cities');
  });
});
