import { describe, expect, it } from 'vitest';
import { parseImportFile, type ParsedRow } from './index.ts';
import { myMapsKmz, sample, takeoutZip } from './samples.ts';

const summary = (rows: ParsedRow[]) => rows.map((r) => [r.name, r.list_name, r.lat, r.lng]);

describe('Google Takeout', () => {
  it("reads the new Saved Places.json: location fields, Comment, [0, 0] as unknown, a URL's point", async () => {
    const file = await parseImportFile(
      'Saved Places.json',
      sample('takeout/Takeout/Maps (your places)/Saved Places.json'),
    );
    expect(file.format).toBe('takeout-saved-places');
    expect(file.rows[0]).toMatchObject({
      name: 'Café de Flore',
      address: '172 Bd Saint-Germain, 75006 Paris, France',
      lat: 48.8541,
      lng: 2.3326,
      source_url: 'http://maps.google.com/?cid=10320612464920469119',
      list_name: null,
      problem: null,
    });
    // A dropped pin: [0, 0] geometry, the point is in its link, named by its coordinates.
    expect(file.rows[2]).toMatchObject({ name: '45.76400, 4.83570', lat: 45.764, lng: 4.8357 });
    // [0, 0] and a cid link only: unknown, to be found by name.
    expect(file.rows[3]).toMatchObject({
      name: 'Kiosque Lisboa',
      lat: null,
      lng: null,
      note: 'Ginjinha in a chocolate cup 🍒',
      problem: null,
    });
  });

  it('reads the old Saved Places.json: Title, Location.Business Name/Address/Geo Coordinates', async () => {
    const file = await parseImportFile('Saved Places.json', sample('saved-places-2018.json'));
    expect(file.format).toBe('takeout-saved-places');
    expect(file.rows).toMatchObject([
      {
        name: 'London Eye',
        address: 'Riverside Building, County Hall, London SE1 7PB, United Kingdom',
        lat: 51.5033,
        lng: -0.1195,
      },
      // [0, 0] in the geometry, the real point under Geo Coordinates (as strings).
      { name: 'British Museum', lat: 51.5194, lng: -0.127 },
    ]);
  });

  it('reads a Saved/ list CSV named after its file, with points from the URLs that carry one', async () => {
    const file = await parseImportFile(
      'Want to go.csv',
      sample('takeout/Takeout/Saved/Want to go.csv'),
    );
    expect(file.format).toBe('takeout-list-csv');
    expect(summary(file.rows)).toEqual([
      ['Café de Flore', 'Want to go', null, null],
      ['Sagrada Família', 'Want to go', null, null],
      ['Le Comptoir du Panthéon', 'Want to go', 48.8462, 2.3447],
    ]);
    expect(file.rows[0]!.note).toBe('Terrace, mornings');
  });

  it('reads a whole Takeout zip: every list, starred places merged into the list rows by place', async () => {
    const file = await parseImportFile('takeout-20240601T101010Z-001.zip', takeoutZip());
    expect(file.format).toBe('takeout-zip');
    expect(summary(file.rows)).toEqual([
      ["Musée de l'Orangerie", 'Favourite places', 48.8638, 2.3226],
      ['Fushimi Inari Taisha', 'Favourite places', null, null],
      ['Dropped pin', 'Favourite places', 35.0116, 135.7681],
      ['Café de Flore', 'Favourite places', 48.8541, 2.3326],
      ['Café de Flore', 'Want to go', 48.8541, 2.3326],
      ['Sagrada Família', 'Want to go', null, null],
      ['Le Comptoir du Panthéon', 'Want to go', 48.8462, 2.3447],
      // starred places on no list stay, on no list
      ['45.76400, 4.83570', null, 45.764, 4.8357],
      ['Kiosque Lisboa', null, null, null],
    ]);
    const orangerie = file.rows[0]!;
    expect(orangerie.note).toBe("Monet's water lilies\ntwo rooms, go early");
    expect(orangerie.address).toBe('Jardin des Tuileries, 75001 Paris, France');
    expect(file.rows[1]!.note).toBe('Go at dawn, 稲荷');
  });
});

describe('My Maps KML and KMZ', () => {
  const expected = [
    ['Miradouro da Senhora do Monte', 'Miradouros', 38.7192, -9.1327],
    ['Miradouro de Santa Luzia', 'Miradouros', 38.7117, -9.1301],
    ['Time Out Market', 'Food', 38.7069, -9.1459],
    ['Pastéis de Belém', 'Food', 38.6975, -9.2033],
    ['Alfama loop', 'Walks', null, null],
  ];

  it('turns folders into lists, reads ExtendedData and the HTML description as a note', async () => {
    const file = await parseImportFile('Lisbon long weekend.kml', sample('my-maps-lisbon.kml'));
    expect(file.format).toBe('kml');
    expect(summary(file.rows)).toEqual(expected);
    expect(file.rows[0]).toMatchObject({
      note: 'Best at sunset\nbring a jumper\nwindy & crowded',
      address: 'Largo Monte, 1170-107 Lisboa',
    });
    expect(file.rows[4]!.problem).toMatch(/LineString, not a point/);
  });

  it('reads doc.kml from a KMZ and leaves its images packed', async () => {
    const file = await parseImportFile('Lisbon long weekend.kmz', myMapsKmz());
    expect(file.format).toBe('kmz');
    expect(summary(file.rows)).toEqual(expected);
  });
});

describe('GPX and spreadsheets', () => {
  it("reads a hiking app's waypoints and ignores its track", async () => {
    const file = await parseImportFile('TMB day 3.gpx', sample('hiking-app-waypoints.gpx'));
    expect(file.format).toBe('gpx');
    expect(file.rows).toMatchObject([
      {
        name: 'Refuge de Bellachat',
        lat: 45.8783,
        lng: 6.887,
        note: 'Hut with the view on the whole massif; soup was great.\n\nWater refill',
        source_url: 'https://www.google.com/maps/place/Refuge+de+Bellachat/@45.8783,6.887,15z',
        category: 'lodging',
      },
      { name: 'Lac Blanc', note: 'Swim if you dare', category: null },
      { name: 'Col du Bonhomme', category: 'natural_feature' },
    ]);
  });

  it('reads a spreadsheet CSV with a BOM, semicolons, decimal commas and quoted line breaks', async () => {
    const file = await parseImportFile('Berlin.csv', sample('spreadsheet-semicolons.csv'));
    expect(file.format).toBe('csv');
    expect(file.rows).toMatchObject([
      {
        name: 'Bäckerei Schmidt; Filiale 2',
        lat: 52.52,
        lng: 13.405,
        note: 'Beste Brezeln\nim Kiez',
        address: 'Hauptstraße 1, 10827 Berlin',
        problem: null,
      },
      { name: 'Tempelhofer Feld', lat: 52.4731, lng: 13.4019, note: 'Drachen steigen lassen' },
      // A bad cell is the row's problem, with its line; the file still reads.
      {
        name: 'Café Einstein',
        lat: null,
        problem: 'Line 5: The coordinates "abc", "13,3731" aren\'t numbers.',
      },
    ]);
  });
});

describe('our own exports come back whole, in every format', () => {
  const spotbook = (ext: string) => sample(`spotbook-export/spotbook-spots.${ext}`);
  const byKey = (rows: ParsedRow[]) => rows.map((r) => JSON.stringify(r)).sort();

  it.each(['geojson', 'csv', 'kml', 'gpx'])(
    '%s: rating, visited, lists, place id, category, address',
    async (ext) => {
      const file = await parseImportFile(`spotbook-spots.${ext}`, spotbook(ext));
      const flore = {
        name: 'Café de Flore',
        address: '172 Bd Saint-Germain, 75006 Paris',
        lat: 48.8541,
        lng: 2.3326,
        category: 'cafe',
        note: 'Café crème très bon ☕️ — «terrasse»',
        rating: 4,
        visited: true,
        source_url: 'https://www.google.com/maps/place/?q=place_id:ChIJ-flore',
        place_id: 'g:ChIJ-flore',
        problem: null,
      };
      // On two lists: one row per list.
      expect(file.rows.filter((r) => r.name === 'Café de Flore')).toEqual([
        { ...flore, list_name: 'Paris' },
        { ...flore, list_name: 'Coffee' },
      ]);
      expect(file.rows.find((r) => r.place_id === 'custom:17')).toMatchObject({
        name: 'Our bench 🌳',
        list_name: null,
        rating: 5,
        visited: true,
      });
      expect(file.rows.find((r) => r.place_id === 'lm:eiffel-tower')).toMatchObject({
        rating: 0,
        visited: false,
        list_name: 'Paris',
      });
    },
  );

  it('all four formats give the same rows', async () => {
    const [geojson, ...others] = await Promise.all(
      ['geojson', 'csv', 'kml', 'gpx'].map((ext) => parseImportFile(`x.${ext}`, spotbook(ext))),
    );
    for (const other of others) expect(byKey(other.rows)).toEqual(byKey(geojson!.rows));
  });
});
