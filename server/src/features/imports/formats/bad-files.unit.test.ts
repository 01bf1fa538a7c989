import { strToU8, Unzip, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportFileError, parseImportFile } from './index.ts';
import { lyingZipBomb } from '../test/zip-bomb.ts';
import { sample } from './samples.ts';

async function refusal(name: string, bytes: Uint8Array | string): Promise<string> {
  const data = typeof bytes === 'string' ? strToU8(bytes) : bytes;
  const error: unknown = await parseImportFile(name, data).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as ImportFileError).message;
}

afterEach(() => vi.restoreAllMocks());

const KML_HEAD = '<?xml version="1.0"?>\n';

describe('files of the wrong kind', () => {
  it.each([
    ['empty.csv', '', 'The file is empty.'],
    [
      'photo.csv',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]),
      'This file is a PNG image',
    ],
    ['Saved Places.json', '%PDF-1.7\n', 'This file is a PDF document'],
    ['takeout.tgz', new Uint8Array([0x1f, 0x8b, 8, 0, 0]), 'choose the .zip file type'],
    ['page.xml', '<html><body/></html>', 'neither KML nor GPX (its root element is <html>)'],
    ['places.json', '{"places": []}', 'This JSON file is not GeoJSON'],
    ['places.kml', 'name,lat,lng\nx,1,2', "This .kml file doesn't hold XML"],
    ['places.zip', 'name,lat\n', "This .zip file isn't a zip archive"],
    ['empty.geojson', '{"type":"FeatureCollection","features":[]}', 'This file holds no places.'],
    ['tracks.gpx', '<gpx version="1.1"><trk><name>t</name></trk></gpx>', 'holds no waypoints'],
  ])('%s', async (name, bytes, message) => {
    expect(await refusal(name, bytes)).toContain(message);
  });

  it('a zip with neither Takeout entries nor KML (an Excel workbook) names what it is', async () => {
    const xlsx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
    });
    expect(await refusal('places.xlsx', xlsx)).toMatch(
      /holds no Google Takeout saved places .* Excel workbook: save it as CSV/,
    );
  });
});

describe('CSV without what an import needs', () => {
  it('no name column names the header it found', async () => {
    const message = await refusal('x.csv', 'city,latitude,longitude\nParis,48.85,2.35\n');
    expect(message).toBe(
      'This CSV file has no name column: its header needs a column called "name" or "title". The header (line 1) has: city, latitude, longitude.',
    );
  });

  it('a name but neither coordinates nor a URL', async () => {
    expect(await refusal('x.csv', 'name,notes\nParis,nice\n')).toContain(
      'neither coordinates nor map links',
    );
  });

  it('an unclosed quote says its line', async () => {
    expect(await refusal('x.csv', 'name,lat,lng\nA,1,2\n"B,3,4\n')).toMatch(
      /malformed: Quote Not Closed.*line 3/,
    );
  });
});

describe('encodings', () => {
  it('invalid UTF-8 is refused with its line', async () => {
    const bytes = new Uint8Array([
      ...strToU8('name,lat,lng\nA,1,2\nB'),
      0xc3,
      0x28,
      ...strToU8(',3,4\n'),
    ]);
    expect(await refusal('x.csv', bytes)).toBe(
      "This file isn't valid UTF-8 text (unreadable bytes on line 3). Save it as UTF-8 and try again.",
    );
  });

  it('UTF-16 with a byte order mark reads; without one it is refused', async () => {
    const text = 'name,lat,lng\nZürich Hauptbahnhof,47.378,8.540\n';
    const le = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer),
    ]);
    const file = await parseImportFile('utf16.csv', le);
    expect(file.rows[0]).toMatchObject({ name: 'Zürich Hauptbahnhof', lat: 47.378, lng: 8.54 });
    expect(await refusal('utf16.csv', le.subarray(2))).toContain(
      'UTF-16 without a byte order mark',
    );
  });

  it('UTF-16 with an unpaired surrogate is refused', async () => {
    const le = new Uint8Array([0xff, 0xfe, ...strToU8('n\0'), 0x00, 0xd8, ...strToU8('x\0')]);
    expect(await refusal('x.csv', le)).toContain("isn't valid UTF-16LE text");
  });

  it('random binary is refused', async () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    expect(await refusal('noise.csv', noise)).toMatch(/NUL bytes|isn't valid UTF-8/);
  });
});

describe('malformed documents say where', () => {
  it('JSON: line and column', async () => {
    expect(
      await refusal(
        'Saved Places.json',
        '{\n  "type": "FeatureCollection",\n  "features": [1,]\n}',
      ),
    ).toBe("This file isn't valid JSON: Unexpected token ']' at line 3, column 18.");
  });

  it('JSON cut short', async () => {
    expect(await refusal('x.geojson', '{"type":\n"Feature"')).toMatch(
      /valid JSON: .*at (the end|line 2)/,
    );
  });

  it('XML: line and column', async () => {
    const kml = `${KML_HEAD}<kml>\n<Document>\n<Placemark><name>A</nam></Placemark></Document></kml>`;
    expect(await refusal('x.kml', kml)).toBe(
      'This KML file isn\'t well-formed XML: Opening and ending tag mismatch: "name" != "nam" at line 4, column 18.',
    );
  });
});

describe('XML bombs and external entities are refused before parsing', () => {
  const laughs = `${KML_HEAD}<!DOCTYPE kml [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<kml><Document><Placemark><name>&lol9;</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>`;
  const xxe = `${KML_HEAD}<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<gpx version="1.1"><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>`;

  it('billion laughs in KML', async () => {
    expect(await refusal('bomb.kml', laughs)).toBe(
      'This KML file has a <!DOCTYPE> declaration (line 2): files with DTDs or entity declarations are refused, as they can hide an XML bomb or read other files.',
    );
  });

  it('an external entity in GPX', async () => {
    expect(await refusal('xxe.gpx', xxe)).toContain(
      'This GPX file has a <!DOCTYPE> declaration (line 2)',
    );
  });

  it('a bare entity declaration in a KMZ', async () => {
    const kmz = zipSync({
      'doc.kml': strToU8(laughs.replace(/<!DOCTYPE kml \[/, '').replace(']>', '')),
    });
    expect(await refusal('bomb.kmz', kmz)).toContain(
      'This KMZ file has a <!ENTITY> declaration (line 3)',
    );
  });
});

describe('nesting deeper than any real file', () => {
  it('is refused before togeojson walks it (its recursion would overflow the stack)', async () => {
    const depth = 20_000;
    const kml = `<kml><Document>${'<Folder><name>a</name>'.repeat(depth)}<Placemark><name>x</name></Placemark>${'</Folder>'.repeat(depth)}</Document></kml>`;
    expect(await refusal('deep.kml', kml)).toBe(
      'This KML file nests elements more than 100 levels deep (line 1): it was not read.',
    );
  });
});

describe('archives', () => {
  it.each(['../doc.kml', 'files/../../doc.kml', '/etc/doc.kml', 'C:\\doc.kml'])(
    'a KMZ with the path %s',
    async (path) => {
      const kmz = zipSync({ [path]: sample('my-maps-lisbon.kml') });
      expect(await refusal('evil.kmz', kmz)).toContain(
        'archives with "../" or absolute paths are refused',
      );
    },
  );

  it('a damaged zip', async () => {
    const zip = zipSync({ 'doc.kml': sample('my-maps-lisbon.kml') });
    expect(await refusal('cut.kmz', zip.subarray(0, zip.length - 30))).toContain(
      'damaged or incomplete',
    );
  });

  it('honest entries adding up to more than 200 MB are refused before inflating', async () => {
    const tenMb = new Uint8Array(10 * 1024 * 1024);
    const entries = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`Takeout/Saved/list ${i}.csv`, tenMb]),
    );
    const zip = zipSync(entries, { level: 1 });
    const inflating = vi.spyOn(Unzip.prototype, 'push');
    expect(await refusal('takeout.zip', zip)).toBe(
      'This Takeout zip file unpacks to more than 200 MB (a zip bomb?): it was not read.',
    );
    expect(inflating).not.toHaveBeenCalled(); // refused from the directory alone
  });

  it('an entry that unpacks to more than its directory declares is stopped while inflating', async () => {
    const zip = lyingZipBomb();
    const inflating = vi.spyOn(Unzip.prototype, 'push');
    expect(await refusal('bomb.kmz', zip)).toContain('unpacks to more than 200 MB (a zip bomb?)');
    // Stopped at its first output past the declared 1,000 bytes: of the ~100 KB packed
    // (100 MB of zeros), only the first 16 KB step or two were handed to the inflater.
    const pushed = inflating.mock.calls.reduce((sum, [chunk]) => sum + chunk.length, 0);
    expect(pushed).toBeGreaterThan(0);
    expect(pushed).toBeLessThanOrEqual(32 * 1024);
    expect(zip.length).toBeGreaterThan(64 * 1024);
  });
});

describe('limits', () => {
  const csv = (n: number) =>
    'name,latitude,longitude\n' +
    Array.from({ length: n }, (_, i) => `Place ${i},${(i % 170) - 85},${(i % 350) - 175}`).join(
      '\n',
    );

  it('10,000 places read; 10,001 are refused, naming the limit', async () => {
    expect((await parseImportFile('x.csv', strToU8(csv(10_000)))).rows).toHaveLength(10_000);
    expect(await refusal('x.csv', csv(10_001))).toBe(
      'This file holds 10,001 places; an import takes at most 10,000. Split it into smaller files and import each.',
    );
  });

  it('a place on several lists counts once', async () => {
    const features = Array.from({ length: 6000 }, (_, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2 + i / 1e4, 48] },
      properties: { name: `P${i}`, lists: ['A', 'B'], place_id: `custom:${i}` },
    }));
    const file = await parseImportFile(
      'x.geojson',
      strToU8(JSON.stringify({ type: 'FeatureCollection', features })),
    );
    expect(file.rows).toHaveLength(12_000);
  });

  it('a note longer than a review is kept whole (the job cuts it and warns)', async () => {
    const note = 'é'.repeat(5000);
    const file = await parseImportFile('x.csv', strToU8(`name,lat,lng,note\nA,1,2,${note}\n`));
    expect(file.rows[0]!.note).toBe(note);
  });

  it('NUL and unpaired surrogates from JSON escapes never reach a row', async () => {
    const json =
      '{"type":"Feature","geometry":{"type":"Point","coordinates":[2,48]},"properties":{"name":"A\\u0000B\\ud800"}}';
    expect((await parseImportFile('x.geojson', strToU8(json))).rows[0]!.name).toBe('AB\uFFFD');
  });

  it("coordinates out of range are the row's problem", async () => {
    const file = await parseImportFile('x.csv', strToU8('name,lat,lng\nA,91,2\n'));
    expect(file.rows[0]).toMatchObject({
      lat: null,
      lng: null,
      problem: 'Line 2: The coordinates 91, 2 are out of range.',
    });
  });
});
