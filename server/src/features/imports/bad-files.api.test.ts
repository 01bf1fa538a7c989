import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../../test/helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { sample } from './formats/samples.ts';
import { upload } from './test/upload.ts';
import { lyingZipBomb } from './test/zip-bomb.ts';

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE kml [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<kml><Document><Placemark><name>&lol9;</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<gpx version="1.1"><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>`;

/** 21 honest entries of 10 MB: more than 200 MB unpacked, refused before inflating. */
function honestZipBomb(): Uint8Array {
  const tenMb = new Uint8Array(10 * 1024 * 1024);
  return zipSync(
    Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`Takeout/Saved/l${i}.csv`, tenMb])),
    { level: 1 },
  );
}

const INVALID_UTF8 = new Uint8Array([
  ...strToU8('name,lat,lng\nA,1,2\nB'),
  0xc3,
  0x28,
  ...strToU8(',3,4\n'),
]);

/** Everything of the user's an import could have written. */
async function accountOf(t: TestApp, user: TestUser) {
  const { db } = t.ctx;
  const of = (table: 'imports' | 'reviews' | 'lists') =>
    db.selectFrom(table).select('id').where('user_id', '=', user.id).execute();
  return {
    imports: await of('imports'),
    spots: await of('reviews'),
    lists: await of('lists'),
    pins: await db.selectFrom('places').select('id').where('owner_id', '=', user.id).execute(),
  };
}

/**
 * Issue 12's bad files, each uploaded through POST /api/imports/: a 400 whose detail names
 * the problem (and the line, where the file has lines), and nothing stored for the user.
 * (26 MB is a 413 naming the 25 MB limit, and 10,001 places a 400: imports.api.test.ts.)
 */
describe('bad files through the upload route', () => {
  const { t, alice } = useTestApp({ users: ['alice'] });

  it.each([
    [
      'a wrong type (a PNG)',
      'places.csv',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0]),
      'This file is a PNG image',
    ],
    [
      'a PDF named like Takeout',
      'Saved Places.json',
      strToU8('%PDF-1.7\n'),
      'This file is a PDF document',
    ],
    [
      'a CSV with no name column',
      'places.csv',
      strToU8('city,latitude,longitude\nParis,48.85,2.35\n'),
      'This CSV file has no name column: its header needs a column called "name" or "title". The header (line 1) has: city, latitude, longitude.',
    ],
    [
      'a CSV with neither coordinates nor links',
      'places.csv',
      strToU8('name,notes\nParis,nice\n'),
      'neither coordinates nor map links',
    ],
    [
      'a CSV with an unclosed quote',
      'places.csv',
      strToU8('name,lat,lng\nA,1,2\n"B,3,4\n'),
      'line 3',
    ],
    [
      'an unreadable encoding',
      'places.csv',
      INVALID_UTF8,
      "This file isn't valid UTF-8 text (unreadable bytes on line 3). Save it as UTF-8 and try again.",
    ],
    [
      'malformed KML',
      'map.kml',
      strToU8(
        '<?xml version="1.0"?>\n<kml>\n<Document>\n<Placemark><name>A</nam></Placemark></Document></kml>',
      ),
      'at line 4, column 18',
    ],
    [
      'an XML bomb',
      'bomb.kml',
      strToU8(BILLION_LAUGHS),
      'This KML file has a <!DOCTYPE> declaration (line 2): files with DTDs or entity declarations are refused',
    ],
    [
      'an external entity',
      'xxe.gpx',
      strToU8(EXTERNAL_ENTITY),
      'This GPX file has a <!DOCTYPE> declaration (line 2)',
    ],
    ...['../doc.kml', 'files/../../doc.kml', '/etc/doc.kml', 'C:\\doc.kml'].map((path) => [
      `a KMZ with the path ${path}`,
      'evil.kmz',
      zipSync({ [path]: sample('my-maps-lisbon.kml') }),
      'archives with "../" or absolute paths are refused',
    ]),
    [
      'a zip bomb that lies about its size',
      'bomb.kmz',
      lyingZipBomb,
      'unpacks to more than 200 MB (a zip bomb?)',
    ],
    [
      'a zip bomb of honest entries',
      'takeout.zip',
      honestZipBomb,
      'unpacks to more than 200 MB (a zip bomb?)',
    ],
  ] as [string, string, Uint8Array | (() => Uint8Array), string][])(
    '%s',
    async (_what, name, file, message) => {
      const before = await accountOf(t, alice);
      // The bombs are built when their test runs, not held for the whole file.
      const bytes = typeof file === 'function' ? file() : file;
      const response = await upload(alice.client, name, bytes);
      expect(response.statusCode).toBe(400);
      const { detail } = response.json<{ detail: string }>();
      expect(detail).toContain(message);
      expect(await accountOf(t, alice)).toEqual(before);
    },
  );
});
