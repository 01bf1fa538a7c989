import { describe, expect, it } from 'vitest';
import { rankNear, type RankingColumns } from './ranking.ts';
import { searchWords } from './search-text.ts';

const NEAR = { lat: 48.86, lng: 2.36 };

/** A point of interest `degrees` north of NEAR, as extract rows carry it. */
function poi(
  name: string,
  degrees: number,
  { category = '||', alt = '||', importance = 0 } = {},
): RankingColumns & { name: string } {
  return {
    name,
    pos: 1_000_000_000 + Math.round(degrees * 1e6) + importance,
    kind: 'poi',
    name_key: name,
    alt_keys: alt,
    codes: '||',
    lat: NEAR.lat + degrees,
    lng: NEAR.lng,
    rank_population: importance,
    category_key: category,
  };
}

const ranked = (query: string, rows: ReturnType<typeof poi>[]) => {
  const words = searchWords(query);
  return rankNear(rows, { key: words.join(' '), words }, NEAR).map((r) => r.name);
};

describe('kind=place ranking: match, then distance, then importance', () => {
  it('puts a better match before a nearer one, the nearer before the more important', () => {
    const rows = [
      // a search term only ("coffee" for a bakery's iD terms): the weakest match, nearest
      poi('boulangerie', 0.0001),
      // what the category is called: as good as a name starting with the word
      poi('le zinc', 0.001, { category: '|cafe|coffee shop|' }),
      poi('le comptoir', 0.001, { category: '|cafe|', importance: 100 }),
      poi('cafe de la gare', 0.1),
      // the whole name: the best match, however far
      poi('cafe', 0.14),
    ];
    expect(ranked('cafe', rows)).toEqual([
      'cafe',
      'le comptoir',
      'le zinc',
      'cafe de la gare',
      'boulangerie',
    ]);
  });

  it('counts other names as matches ("moma", "meiji shrine")', () => {
    const rows = [
      poi('museum of modern art', 0.05, { alt: '|moma|' }),
      poi('momayyez', 0.001),
      poi('meiji jingu', 0.05, { alt: '|meiji shrine|' }),
    ];
    expect(ranked('moma', rows)[0]).toBe('museum of modern art');
    expect(ranked('meiji shrine', rows)[0]).toBe('meiji jingu');
  });
});
