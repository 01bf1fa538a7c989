import { describe, expect, it } from 'vitest';
import { PLACE_SEARCH_MESSAGES, placeSearchQuerySchema } from './places.ts';

describe('placeSearchQuerySchema', () => {
  it('defaults to a city search and coerces the point', () => {
    expect(placeSearchQuerySchema.parse({ query: ' pari ' })).toEqual({
      query: 'pari',
      kind: 'city',
    });
    expect(
      placeSearchQuerySchema.parse({ query: 'museum', kind: 'place', lat: '48.85', lng: '2.35' }),
    ).toEqual({ query: 'museum', kind: 'place', lat: 48.85, lng: 2.35 });
  });

  it('needs a point for a place search', () => {
    const result = placeSearchQuerySchema.safeParse({ query: 'museum', kind: 'place' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['lat'],
      message: PLACE_SEARCH_MESSAGES.pointRequired,
    });
  });

  it('rejects empty or over-long queries and points out of range', () => {
    for (const bad of [
      { query: '' },
      { query: 'x'.repeat(201) },
      { query: 'a', kind: 'place', lat: '91', lng: '0' },
      { query: 'a', kind: 'town' },
    ]) {
      expect(placeSearchQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});
