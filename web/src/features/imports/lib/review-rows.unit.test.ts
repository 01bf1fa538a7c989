import type { ImportRow, PlaceDetails } from '@spotbook/contract';
import { describe, expect, it } from 'vitest';
import { filterRows, listNames, NO_LIST, readRowFilter, writeRowFilter } from './row-filter.ts';
import { countByState, needsAttention, rowState } from './row-state.ts';
import { searchNear } from './search-near.ts';

function place(id: string, lat: number, lng: number): PlaceDetails {
  return {
    id,
    displayName: id,
    formattedAddress: '',
    city: '',
    country: '',
    lat,
    lng,
    primaryType: 'museum',
    websiteURI: '',
    googleMapsURI: '',
    editorialSummary: '',
    previewImageUrl: '',
    cached_preview_image: '',
  };
}

function row(index: number, fields: Partial<ImportRow> = {}): ImportRow {
  return {
    index,
    name: `Row ${index}`,
    list_name: null,
    note: '',
    note_truncated: false,
    lat: null,
    lng: null,
    source_url: '',
    rating: null,
    visited: null,
    match: null,
    candidates: [],
    existing_review_id: null,
    existing_cover: null,
    decision: 'create',
    problem: null,
    ...fields,
  };
}

const louvre = place('lm:louvre', 48.8606, 2.3376);
const eiffel = place('lm:eiffel', 48.8584, 2.2945);

describe('rowState', () => {
  it('reads each state from the fields the server sends', () => {
    expect(rowState(row(0, { match: louvre }))).toBe('matched');
    expect(rowState(row(1, { match: louvre, existing_review_id: 7 }))).toBe('saved');
    expect(rowState(row(2, { candidates: [louvre, eiffel] }))).toBe('choose');
    expect(rowState(row(3))).toBe('not-found');
    // A skip wins over a match: the person said so.
    expect(rowState(row(4, { match: louvre, decision: 'skip' }))).toBe('skipped');
  });

  it('counts every state, and only choose / not found need the person', () => {
    const rows = [row(0, { match: louvre }), row(1), row(2), row(3, { decision: 'skip' })];
    expect(countByState(rows)).toEqual({
      matched: 1,
      choose: 0,
      'not-found': 2,
      saved: 0,
      skipped: 1,
    });
    expect(
      ['matched', 'choose', 'not-found', 'saved', 'skipped'].filter((s) =>
        needsAttention(s as never),
      ),
    ).toEqual(['choose', 'not-found']);
  });
});

describe('the review filter', () => {
  const rows = [
    row(0, { list_name: 'Paris', match: louvre }),
    row(1, { list_name: 'Paris' }),
    row(2, { list_name: 'Rome', candidates: [eiffel] }),
    row(3),
  ];

  it('filters by state, by list, by both; rows on no list have their own choice', () => {
    const all = { state: null, list: null, page: 1 };
    expect(filterRows(rows, all).map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(filterRows(rows, { ...all, state: 'not-found' }).map((r) => r.index)).toEqual([1, 3]);
    expect(filterRows(rows, { ...all, list: 'Paris' }).map((r) => r.index)).toEqual([0, 1]);
    expect(
      filterRows(rows, { ...all, list: 'Paris', state: 'matched' }).map((r) => r.index),
    ).toEqual([0]);
    expect(filterRows(rows, { ...all, list: NO_LIST }).map((r) => r.index)).toEqual([3]);
  });

  it('keeps a just-fixed row in view although its new state is filtered out', () => {
    const filter = { state: 'not-found' as const, list: null, page: 1 };
    const fixed = rows.map((r) => (r.index === 1 ? { ...r, match: eiffel } : r));
    expect(filterRows(fixed, filter).map((r) => r.index)).toEqual([3]);
    expect(filterRows(fixed, filter, new Set([1])).map((r) => r.index)).toEqual([1, 3]);
  });

  it('names the lists in file order, with "no list" last', () => {
    expect(listNames(rows)).toEqual(['Paris', 'Rome', NO_LIST]);
    expect(listNames(rows.slice(0, 3))).toEqual(['Paris', 'Rome']);
  });

  it('round-trips through the URL and ignores what it does not know', () => {
    const filter = { state: 'choose' as const, list: 'Paris & Co', page: 3 };
    expect(readRowFilter(writeRowFilter(filter))).toEqual(filter);
    expect(writeRowFilter({ state: null, list: null, page: 1 }).toString()).toBe('');
    expect(readRowFilter(new URLSearchParams('state=bogus&page=-2'))).toEqual({
      state: null,
      list: null,
      page: 1,
    });
  });
});

describe('searchNear', () => {
  it('uses the row, else its list, else the whole file, else nothing', () => {
    const own = row(0, { lat: 10, lng: 20 });
    const paris = [
      row(1, { list_name: 'Paris', match: louvre }),
      row(2, { list_name: 'Paris', match: eiffel }),
    ];
    const lonely = row(3, { list_name: 'Paris' });
    const elsewhere = row(4, { list_name: 'Rome' });
    const rows = [own, ...paris, lonely, elsewhere];
    expect(searchNear(own, rows)).toEqual({ lat: 10, lng: 20 });
    expect(searchNear(lonely, rows)).toEqual({
      lat: (louvre.lat + eiffel.lat) / 2,
      lng: (louvre.lng + eiffel.lng) / 2,
    });
    const whole = searchNear(elsewhere, rows);
    expect(whole?.lat).toBeCloseTo((10 + louvre.lat + eiffel.lat) / 3);
    expect(searchNear(row(5), [row(5), row(6)])).toBeNull();
  });
});
