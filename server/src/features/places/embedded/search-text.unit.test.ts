import { describe, expect, it } from 'vitest';
import { cellToken, cellsAround, isInBox } from './grid.ts';
import { prefixMatchExpression, searchKey, searchWords } from './search-text.ts';

describe('search text', () => {
  it('folds case, accents, punctuation and undecomposable letters', () => {
    expect(searchWords("Musée d'Orsay")).toEqual(['musee', 'd', 'orsay']);
    expect(searchKey('  ŁÓDŹ  ')).toBe('lodz');
    expect(searchKey('Straße København')).toBe('strasse kobenhavn');
  });

  it('quotes every word as a prefix, keeping FTS5 syntax out', () => {
    expect(prefixMatchExpression(searchWords('sao "paulo" OR *'))).toBe('"sao"* "paulo"* "or"*');
    expect(prefixMatchExpression(['pari'], ['name', 'alt'])).toBe('{name alt} : ("pari"*)');
  });
});

describe('search grid', () => {
  it('covers the whole search box with the cells around a point', () => {
    const near = { lat: 48.8566, lng: 2.3522 };
    const cells = cellsAround(near);
    expect(cells.length).toBeLessThanOrEqual(4);
    for (const [dLat, dLng] of [
      [-0.15, -0.15],
      [0.15, 0.15],
      [0.149, -0.149],
      [0, 0],
    ]) {
      const point = { lat: near.lat + dLat!, lng: near.lng + dLng! };
      expect(cells).toContain(cellToken(point.lat, point.lng));
      expect(isInBox(point, near)).toBe(true);
    }
    expect(isInBox({ lat: near.lat + 0.151, lng: near.lng }, near)).toBe(false);
  });

  it('wraps around the antimeridian', () => {
    const near = { lat: -17.8, lng: 179.95 };
    const across = { lat: -17.8, lng: -179.95 };
    expect(isInBox(across, near)).toBe(true);
    expect(cellsAround(near)).toContain(cellToken(across.lat, across.lng));
  });
});
