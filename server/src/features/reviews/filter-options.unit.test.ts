import { inflateRawSync, constants } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterValues } from './filter-options.ts';

const CITY: fc.Arbitrary<string> = fc.constantFrom(
  'Paris',
  'paris',
  'Évora',
  'Evora',
  'zürich',
  'Zurich',
  'Lyon',
  'Ōsaka',
  'osaka',
  'Ürümqi',
  'a',
  'B',
);

describe('filter options', () => {
  it('sort humanly, accents and case aside, and ties by code unit whatever the order found', () => {
    const options = FilterValues.of(
      'cities',
      ['paris', 'Zurich', 'Évora', 'Paris', 'Evora'],
      false,
    );
    expect(options.sorted).toEqual(['Evora', 'Évora', 'Paris', 'paris', 'Zurich']);
    expect(
      FilterValues.of('cities', ['Evora', 'Paris', 'Zurich', 'paris', 'Évora'], false).sorted,
    ).toEqual(options.sorted);
    expect(options.json).toBe(',"cities":["Evora","Évora","Paris","paris","Zurich"]');
    expect(FilterValues.of('types', ['museum'], true).json).toBe('"types":["museum"]');
  });

  it('changed by writes give what finding them afresh gives', () => {
    fc.assert(
      fc.property(fc.uniqueArray(CITY), fc.array(CITY), fc.array(CITY), (found, added, taken) => {
        const known = FilterValues.of('cities', found, false);
        // As the metadata reader gives them: new values, and values gone that none has now.
        const newOnes = added.filter((city) => !known.has(city));
        const gone = taken.filter((city) => !added.includes(city));
        const changed = known.changed(newOnes, gone);
        const afresh = [...found, ...newOnes].filter((city) => !gone.includes(city));
        expect(changed.json).toBe(FilterValues.of('cities', [...new Set(afresh)], false).json);
        expect(afresh.every((city) => changed.has(city))).toBe(true);
        expect(gone.some((city) => changed.has(city))).toBe(false);
      }),
    );
  });

  it('hold exactly their values, whatever the case or accents of one asked for', () => {
    fc.assert(
      fc.property(fc.uniqueArray(CITY), fc.array(fc.oneof(CITY, fc.string())), (found, asked) => {
        const options = FilterValues.of('cities', found, false);
        for (const value of [...found, ...asked])
          expect(options.has(value)).toBe(found.includes(value));
      }),
    );
  });

  it('keep their JSON when a write changed none of them, and deflate it once', () => {
    const options = FilterValues.of('countries', ['France', 'Japan'], false);
    expect(options.changed([], [])).toBe(options);
    expect(options.deflated).toBe(options.deflated);
    const text = inflateRawSync(options.deflated.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
    expect(text.toString('utf8')).toBe(options.json);
  });
});
