import { describe, expect, it } from 'vitest';
import {
  backToListPath,
  directionsUrl,
  listPath,
  parseReviewId,
  readSpotOrigin,
  spotPath,
} from './spot-links.ts';

describe('spot links', () => {
  it('accepts only positive whole review ids', () => {
    expect(parseReviewId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '01', '9'.repeat(20)]) {
      expect(parseReviewId(bad)).toBeNull();
    }
  });

  it('builds directions from the coordinates', () => {
    expect(directionsUrl({ lat: 48.8584, lng: 2.2945, googleMapsURI: '' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=48.8584%2C2.2945',
    );
  });

  it('links a list by slug when shared, else by id', () => {
    expect(listPath({ id: 3, slug: 'ada-paris', shareable_by_link: true })).toBe(
      '/lists/ada-paris',
    );
    expect(listPath({ id: 3, slug: 'ada-paris', shareable_by_link: false })).toBe('/lists/3');
  });

  it('carries a safe list origin and drops anything else', () => {
    const origin = readSpotOrigin(new URLSearchParams('list=ada-paris&listId=7'));
    expect(origin).toEqual({ list: 'ada-paris', listId: '7' });
    expect(spotPath(5, origin, '/delete')).toBe('/reviews/5/delete?list=ada-paris&listId=7');
    expect(backToListPath(origin)).toBe('/lists/ada-paris');

    const hostile = readSpotOrigin(new URLSearchParams('list=https://evil.example&listId=../x'));
    expect(hostile).toEqual({ list: null, listId: null });
    expect(spotPath(5, hostile)).toBe('/reviews/5');
    expect(backToListPath(hostile)).toBeNull();
  });
});
