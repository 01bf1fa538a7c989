import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError, parseImportFile, type ParsedFile } from './index.ts';
import { myMapsKmz, sample, takeoutZip } from './samples.ts';

/** Every well-formed sample, as bytes to mutate. */
const SEEDS: [name: string, bytes: Uint8Array][] = [
  ['Saved Places.json', sample('takeout/Takeout/Maps (your places)/Saved Places.json')],
  ['Saved Places.json', sample('saved-places-2018.json')],
  ['Want to go.csv', sample('takeout/Takeout/Saved/Favourite places.csv')],
  ['Berlin.csv', sample('spreadsheet-semicolons.csv')],
  ['Lisbon.kml', sample('my-maps-lisbon.kml')],
  ['TMB.gpx', sample('hiking-app-waypoints.gpx')],
  ['spotbook-spots.gpx', sample('spotbook-export/spotbook-spots.gpx')],
  ['spotbook-spots.geojson', sample('spotbook-export/spotbook-spots.geojson')],
  ['takeout.zip', takeoutZip()],
  ['Lisbon.kmz', myMapsKmz()],
];

/** A sample with bytes overwritten, cut, or spliced in: the files a flaky upload gives. */
const mutated = fc
  .record({
    seed: fc.constantFrom(...SEEDS),
    edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
    cut: fc.option(fc.nat()),
    splice: fc.option(fc.tuple(fc.nat(), fc.string({ maxLength: 40 }))),
  })
  .map(({ seed: [name, original], edits, cut, splice }) => {
    let bytes = Uint8Array.from(original);
    for (const [at, value] of edits) bytes[at % bytes.length] = value;
    if (cut !== null) bytes = bytes.subarray(0, cut % (bytes.length + 1));
    if (splice !== null) {
      const at = splice[0] % (bytes.length + 1);
      bytes = new Uint8Array([
        ...bytes.subarray(0, at),
        ...strToU8(splice[1]),
        ...bytes.subarray(at),
      ]);
    }
    return [name, bytes] as const;
  });

/** Text that starts like each format and then goes anywhere. */
const structured = fc
  .tuple(
    fc.constantFrom(
      '{"type":"FeatureCollection","features":[',
      '{"type":"Feature","geometry":',
      '<?xml version="1.0"?><kml><Document><Folder>',
      '<gpx><wpt lat="1" lon=',
      'name,lat,lng\n',
      'Title,Note,URL\n',
      '\uFEFFname;latitude;longitude\n',
      '',
    ),
    fc.string({ unit: 'binary', maxLength: 300 }),
  )
  .map(([head, tail]) => ['file.txt', strToU8(head + tail)] as const);

/** Archives of random entries under the names we read. */
const archives = fc
  .dictionary(
    fc.constantFrom(
      'doc.kml',
      'Takeout/Saved/A.csv',
      'x/Saved Places.json',
      'a/../b.kml',
      'other.txt',
    ),
    fc.uint8Array({ maxLength: 200 }),
    { maxKeys: 4 },
  )
  .map((entries) => ['archive.zip', zipSync(entries)] as const);

const anyFile = fc.oneof(
  mutated,
  structured,
  archives,
  fc.tuple(fc.string({ maxLength: 30 }), fc.uint8Array({ maxLength: 500 })),
);

function checkRows(file: ParsedFile): void {
  for (const row of file.rows) {
    expect(row.lat === null || Math.abs(row.lat) <= 90).toBe(true);
    expect(row.lng === null || Math.abs(row.lng) <= 180).toBe(true);
    expect((row.lat === null) === (row.lng === null)).toBe(true);
    for (const text of [row.name, row.note, row.address, row.source_url, row.list_name ?? '']) {
      expect(text.includes('\u0000')).toBe(false);
      expect((text as unknown as { isWellFormed(): boolean }).isWellFormed()).toBe(true);
    }
  }
}

describe('any input', () => {
  it('reads into sound rows or is refused with an ImportFileError, never anything else', async () => {
    await fc.assert(
      fc.asyncProperty(anyFile, async ([name, bytes]) => {
        try {
          checkRows(await parseImportFile(name, bytes));
        } catch (error) {
          expect(error).toBeInstanceOf(ImportFileError);
          // A library error we only caught by the last-resort net is a bug to handle properly.
          expect((error as ImportFileError).cause).toBeUndefined();
          expect((error as ImportFileError).message.length).toBeLessThan(700);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
