import { describe, expect, it } from 'vitest';
import {
  IMPORT_MESSAGES,
  IMPORT_NEW_CUSTOM_PLACE_ID,
  type Import,
  type ImportRow,
  type ImportSummary,
} from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { myMapsKmz, sample, takeoutZip } from './formats/samples.ts';
import { importFile } from './test/upload.ts';

/**
 * What the review screen shows of a row: its file's name and list, then the place it
 * matched, "choose" with its candidates, or why it could not be matched.
 */
function shown(row: ImportRow) {
  const state = row.match
    ? row.match.id
    : row.candidates.length
      ? `choose of ${row.candidates.length}`
      : row.problem;
  return [row.name, row.list_name, state];
}

const NEW_PIN = IMPORT_NEW_CUSTOM_PLACE_ID;

/** What the test says, the file's name, its bytes, and the rows expected back. */
type FormatCase = [string, string, Uint8Array | string, (string | null)[][]];

/** A generic GeoJSON of points, as geojson.io or QGIS write one: a landmark, an airport, a pin. */
const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'London Eye', description: 'Ride at dusk' },
      geometry: { type: 'Point', coordinates: [-0.1195, 51.5033] },
    },
    {
      type: 'Feature',
      properties: { name: 'Heathrow Airport' },
      geometry: { type: 'Point', coordinates: [-0.4619, 51.4707] },
    },
    {
      type: 'Feature',
      properties: { name: 'Our allotment', description: 'Plot 14' },
      geometry: { type: 'Point', coordinates: [-0.09, 51.45] },
    },
    {
      type: 'Feature',
      properties: { name: 'Hyde Park' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-0.18, 51.5],
            [-0.15, 51.5],
            [-0.15, 51.51],
            [-0.18, 51.5],
          ],
        ],
      },
    },
  ],
});

/** A spreadsheet with a name and a maps link only: each of the link forms that carry a point. */
const CSV_WITH_LINKS = [
  'Place,Link',
  'Eiffel Tower,https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2919064,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813',
  'Louvre Museum,https://www.google.com/maps/place/Louvre/@48.860611,2.337644,17z',
  'Arc de Triomphe,http://maps.google.com/maps?q=48.873792,2.295028&z=15',
  'A name only,https://maps.google.com/?cid=123456789',
].join('\r\n');

/**
 * Issue 12's formats, each uploaded through POST /api/imports/ on this database and
 * matched against the embedded places index: the rows the review screen gets back.
 */
describe('every import format through the upload route', () => {
  const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });
  const rowsOf = async (name: string, bytes: Uint8Array | string) => {
    const job: Import = await importFile(t, alice.client, name, bytes);
    expect(job.status).toBe('ready');
    expect(job.progress.done).toBe(job.progress.total);
    return job.rows.map(shown);
  };

  it.each([
    [
      'a new-style Saved Places.json (location fields, [0, 0] as unknown)',
      'Saved Places.json',
      sample('takeout/Takeout/Maps (your places)/Saved Places.json'),
      [
        ['Café de Flore', null, NEW_PIN],
        ["Musée de l'Orangerie", null, 'lm:fr-paris-musee-de-l-orangerie'],
        ['45.76400, 4.83570', null, NEW_PIN],
        ['Kiosque Lisboa', null, IMPORT_MESSAGES.notFound],
      ],
    ],
    [
      'an old Saved Places.json (Title, Location.Geo Coordinates)',
      'Saved Places.json',
      sample('saved-places-2018.json'),
      [
        ['London Eye', null, 'lm:gb-london-london-eye'],
        ['British Museum', null, 'lm:gb-london-british-museum'],
      ],
    ],
    [
      'a Saved/ list CSV with Title,Note,URL (URLs without coordinates searched by name)',
      'Want to go.csv',
      sample('takeout/Takeout/Saved/Want to go.csv'),
      [
        ['Café de Flore', 'Want to go', IMPORT_MESSAGES.notFound],
        ['Sagrada Família', 'Want to go', 'choose of 3'],
        ['Le Comptoir du Panthéon', 'Want to go', NEW_PIN],
      ],
    ],
    [
      'a Saved/ list CSV with Tags,Comment (a ludocid search link, a dropped pin)',
      'Favourite places.csv',
      sample('takeout/Takeout/Saved/Favourite places.csv'),
      [
        ["Musée de l'Orangerie", 'Favourite places', 'lm:fr-paris-musee-de-l-orangerie'],
        ['Fushimi Inari Taisha', 'Favourite places', 'lm:jp-kyoto-fushimi-inari-taisha'],
        ['Dropped pin', 'Favourite places', NEW_PIN],
        ['Café de Flore', 'Favourite places', IMPORT_MESSAGES.notFound],
      ],
    ],
    ...(['kml', 'kmz'] as const).map((ext): FormatCase => [
      `a My Maps ${ext.toUpperCase()}: folders are lists, a line is a row to fix`,
      `Lisbon long weekend.${ext}`,
      ext === 'kml' ? sample('my-maps-lisbon.kml') : myMapsKmz(),
      [
        [
          'Miradouro da Senhora do Monte',
          'Miradouros',
          'lm:pt-lisbon-miradouro-da-senhora-do-monte',
        ],
        ['Miradouro de Santa Luzia', 'Miradouros', 'lm:pt-lisbon-miradouro-de-santa-luzia'],
        ['Time Out Market', 'Food', 'lm:pt-lisbon-time-out-market-lisboa'],
        ['Pastéis de Belém', 'Food', NEW_PIN],
        [
          'Alfama loop',
          'Walks',
          'This is a LineString, not a point: search for the place or drop a pin.',
        ],
      ],
    ]),
    [
      "a hiking app's GPX: waypoints only, no place within 250 m, so pins",
      'TMB day 3.gpx',
      sample('hiking-app-waypoints.gpx'),
      [
        ['Refuge de Bellachat', null, NEW_PIN],
        ['Lac Blanc', null, NEW_PIN],
        ['Col du Bonhomme', null, NEW_PIN],
      ],
    ],
    [
      'a GeoJSON of points (a named polygon is searched for by its name)',
      'walks.geojson',
      GEOJSON,
      [
        ['London Eye', null, 'lm:gb-london-london-eye'],
        ['Heathrow Airport', null, 'ap:LHR'],
        ['Our allotment', null, NEW_PIN],
        ['Hyde Park', null, 'lm:gb-london-hyde-park'],
      ],
    ],
    [
      'a spreadsheet CSV with a BOM, semicolons and decimal commas (a bad cell names its line)',
      'Berlin.csv',
      sample('spreadsheet-semicolons.csv'),
      [
        ['Bäckerei Schmidt; Filiale 2', null, NEW_PIN],
        ['Tempelhofer Feld', null, 'lm:de-berlin-tempelhofer-feld'],
        ['Café Einstein', null, 'Line 5: The coordinates "abc", "13,3731" aren\'t numbers.'],
      ],
    ],
    [
      'a CSV with a name and a maps link (!3d!4d, @lat,lng, q=lat,lng; a cid link by name)',
      'links.csv',
      CSV_WITH_LINKS,
      [
        ['Eiffel Tower', null, 'lm:fr-paris-eiffel-tower'],
        ['Louvre Museum', null, 'lm:fr-paris-louvre-museum'],
        ['Arc de Triomphe', null, 'lm:fr-paris-arc-de-triomphe'],
        ['A name only', null, IMPORT_MESSAGES.notFound],
      ],
    ],
  ] satisfies FormatCase[])('%s', async (_what, name, bytes, expected) => {
    expect(await rowsOf(name, bytes)).toEqual(expected);
  });

  it('reads a whole Takeout zip into its lists and confirms them, a place on two lists once', async () => {
    const job = await importFile(t, bob.client, 'takeout-20240601T101010Z-001.zip', takeoutZip());
    expect(job.rows.map(shown)).toEqual([
      ["Musée de l'Orangerie", 'Favourite places', 'lm:fr-paris-musee-de-l-orangerie'],
      ['Fushimi Inari Taisha', 'Favourite places', 'lm:jp-kyoto-fushimi-inari-taisha'],
      ['Dropped pin', 'Favourite places', NEW_PIN],
      // The list CSV's link has no point; Saved Places.json gave it one (the same cid).
      ['Café de Flore', 'Favourite places', NEW_PIN],
      ['Café de Flore', 'Want to go', NEW_PIN],
      ['Sagrada Família', 'Want to go', 'choose of 3'],
      ['Le Comptoir du Panthéon', 'Want to go', NEW_PIN],
      ['45.76400, 4.83570', null, NEW_PIN],
      ['Kiosque Lisboa', null, IMPORT_MESSAGES.notFound],
    ]);
    // The Comment column of the newer list CSV is the note.
    expect(job.rows[1]!.note).toBe('Go at dawn, 稲荷');

    const response = await bob.client.post(`/api/imports/${job.id}/confirm/`, {});
    const summary = response.json<ImportSummary>();
    // Café de Flore is one pin and one spot, on both lists; the two unmatched rows skipped.
    expect(summary).toMatchObject({ created: 6, already_had: 0, skipped: 2 });
    expect(summary.lists.map((l) => l.name).sort()).toEqual(['Favourite places', 'Want to go']);
    const pins = await t.ctx.db
      .selectFrom('places')
      .select('id')
      .where('owner_id', '=', bob.id)
      .where('display_name', '=', 'Café de Flore')
      .execute();
    expect(pins).toHaveLength(1);
    for (const list of summary.lists) {
      const detail = await bob.client.get(`/api/lists/list/${list.id}/`);
      const names = detail
        .json<{ reviews: { place_details: { displayName: string } }[] }>()
        .reviews.map((s) => s.place_details.displayName);
      expect(names).toContain('Café de Flore');
    }
  });
});
