import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attachment } from '../content-disposition.ts';
import type { ExportSpot } from '../export-spot.ts';
import { featureCollectionSchema, readGpx, readKml, schemaErrors } from '../test/read-exports.ts';
import { geojsonDocument } from './geojson.ts';
import { gpxDocument } from './gpx.ts';
import { kmlDocument } from './kml.ts';
import { decimal, xmlText } from './xml-records.ts';

const spot = (overrides: Partial<ExportSpot> = {}): ExportSpot => ({
  name: 'A',
  address: '',
  category: 'cafe',
  review: '',
  rating: 0,
  visited: false,
  lists: [],
  maps_url: 'https://www.google.com/maps/search/?api=1&query=1,2',
  place_id: 'lm:a',
  latitude: 1,
  longitude: 2,
  ...overrides,
});

async function text(chunks: AsyncIterable<string>) {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}
async function* from<T>(items: T[]) {
  yield* items;
}
const gpx = (spots: ExportSpot[], title = 'T') => text(gpxDocument(title, from(spots)));
const kml = (spots: ExportSpot[], folder: string | null = 'L') =>
  text(kmlDocument('T', from([{ name: folder, spots: from(spots) }])));

describe('xml writers', () => {
  it('drop the control characters XML 1.0 cannot carry, keep tab/LF and emoji', () => {
    expect(xmlText('a\u0001b\u0008c\u000Bd\u001Fe\uFFFEf\tg\nh😀')).toBe('abcdef\tg\nh😀');
  });

  it('write coordinates as plain decimals (xsd:decimal has no exponent)', () => {
    expect(decimal(1e-7)).toBe('0.0000001');
    expect(decimal(-1e-9)).toBe('0');
    expect(decimal(48.853)).toBe('48.853');
    expect(decimal(-180)).toBe('-180');
  });

  it('stay schema-valid for any text and any coordinates', async () => {
    const anySpot = fc.record({
      name: fc.string({ unit: 'binary' }),
      address: fc.string({ unit: 'binary' }),
      category: fc.string(),
      review: fc.string({ unit: 'binary' }),
      rating: fc.integer({ min: 0, max: 5 }),
      visited: fc.boolean(),
      lists: fc.array(fc.string({ unit: 'binary' }), { maxLength: 3 }),
      maps_url: fc.constant('https://example.test/?a=1&b=<2>'),
      place_id: fc.string({ minLength: 1 }),
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(anySpot, { maxLength: 60 }), async (spots) => {
        expect(await schemaErrors(await gpx(spots), 'gpx')).toEqual([]);
        expect(await schemaErrors(await kml(spots), 'kml')).toEqual([]);
        const geojson = JSON.parse(await text(geojsonDocument(from(spots))));
        featureCollectionSchema.parse(geojson);
      }),
      // Few runs of many spots: each xmllint call costs ~0.4 s (a fresh wasm instance).
      { numRuns: 5 },
    );
  });

  it('put the antimeridian at -180 in GPX (its longitudeType stops short of 180)', async () => {
    for (const longitude of [180, 179.99999995000002]) {
      const file = await gpx([spot({ longitude })]);
      expect(await schemaErrors(file, 'gpx')).toEqual([]);
      expect(readGpx(file)[0]!.lon).toBe(-180);
    }
  });

  it('read back what they wrote', async () => {
    const tricky = spot({
      name: 'Café "<&>" 😺',
      review: 'line 1\nline 2 & <b>',
      lists: ['A & B', 'C'],
      address: "l'Église",
    });
    const [wpt] = readGpx(await gpx([tricky]));
    expect(wpt).toMatchObject({ name: tricky.name, desc: tricky.review, lists: tricky.lists });
    const read = readKml(await kml([tricky], 'A & B'));
    expect(read.folders[0]!.name).toBe('A & B');
    expect(read.folders[0]!.placemarks[0]!.properties).toMatchObject({
      name: tricky.name,
      description: tricky.review,
      address: tricky.address,
    });
  });

  it('are caught by the schemas when out of order or out of range', async () => {
    const swapped = (await kml([spot({ address: 'x', review: 'y' })])).replace(
      /<address>x<\/address><description>y<\/description>/,
      '<description>y</description><address>x</address>',
    );
    expect(await schemaErrors(swapped, 'kml')).not.toEqual([]);
    const outOfRange = (await gpx([spot()])).replace('lon="2"', 'lon="180"');
    expect(await schemaErrors(outOfRange, 'gpx')).not.toEqual([]);
  });
});

describe('attachment', () => {
  it('gives an ASCII name and the exact one (RFC 5987)', () => {
    expect(attachment('alice-cafes.kml')).toBe(
      `attachment; filename="alice-cafes.kml"; filename*=UTF-8''alice-cafes.kml`,
    );
    expect(attachment('zoë-list (1)*.csv')).toBe(
      `attachment; filename="zoe_-list_1_.csv"; filename*=UTF-8''zo%C3%AB-list%20%281%29%2A.csv`,
    );
    expect(attachment('a"b\\c/..\r\n.json')).toMatch(/^attachment; filename="a_b_c_.._.json"; /);
  });
});
