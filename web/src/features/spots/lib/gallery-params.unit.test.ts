import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  changeGalleryParams,
  DEFAULT_GALLERY_PARAMS,
  isUnfiltered,
  parseGalleryParams,
  toReviewsQuery,
  writeGalleryParams,
} from './gallery-params.ts';

const parse = (query: string) => parseGalleryParams(new URLSearchParams(query));

describe('gallery URL parameters', () => {
  it('reads every parameter', () => {
    expect(
      parse(
        'q=tower&type=museum&city=Paris&country=France&visited=true&sort=highest_rating&page=3',
      ),
    ).toEqual({
      q: 'tower',
      type: 'museum',
      city: 'Paris',
      country: 'France',
      visited: 'true',
      sort: 'highest_rating',
      page: 3,
    });
  });

  it('falls back to defaults for invalid values', () => {
    expect(parse('visited=yes&sort=best&page=0')).toEqual(DEFAULT_GALLERY_PARAMS);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999999999').page).toBe(1);
    expect(parse('q=' + 'x'.repeat(500)).q).toHaveLength(200);
    expect(parse('q=%20%20').q).toBe('');
  });

  it('writes only what differs from the defaults and keeps foreign keys', () => {
    expect(writeGalleryParams(DEFAULT_GALLERY_PARAMS).toString()).toBe('');
    const written = writeGalleryParams(
      { ...DEFAULT_GALLERY_PARAMS, q: 'café au lait', visited: 'false', page: 2 },
      new URLSearchParams('listId=7&page=9'),
    );
    expect(written.get('listId')).toBe('7');
    expect(parseGalleryParams(written)).toEqual({
      ...DEFAULT_GALLERY_PARAMS,
      q: 'café au lait',
      visited: 'false',
      page: 2,
    });
  });

  it('goes back to page 1 on any change but paging', () => {
    const onPage4 = { ...DEFAULT_GALLERY_PARAMS, page: 4 };
    expect(changeGalleryParams(onPage4, { q: 'x' }).page).toBe(1);
    expect(changeGalleryParams(onPage4, { sort: 'oldest' }).page).toBe(1);
    expect(changeGalleryParams(onPage4, { page: 5 }).page).toBe(5);
  });

  it('counts filters and tells an unfiltered view', () => {
    expect(isUnfiltered(DEFAULT_GALLERY_PARAMS)).toBe(true);
    expect(isUnfiltered({ ...DEFAULT_GALLERY_PARAMS, sort: 'oldest', page: 3 })).toBe(true);
    expect(isUnfiltered({ ...DEFAULT_GALLERY_PARAMS, q: 'a' })).toBe(false);
    expect(activeFilterCount({ ...DEFAULT_GALLERY_PARAMS, city: 'Rome', visited: 'true' })).toBe(2);
  });

  it('builds the API query with offset = 20 × (page − 1)', () => {
    expect(toReviewsQuery(DEFAULT_GALLERY_PARAMS)).toEqual({
      offset: 0,
      limit: 20,
      sortBy: 'newest',
      visited: 'both',
    });
    expect(
      toReviewsQuery({ ...DEFAULT_GALLERY_PARAMS, page: 3, city: 'Rome', q: 'forum' }),
    ).toEqual({
      offset: 40,
      limit: 20,
      sortBy: 'newest',
      visited: 'both',
      city: 'Rome',
      search: 'forum',
    });
  });
});
