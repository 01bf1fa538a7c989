import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlacesIndex, type PlacesIndex } from '../embedded/places-index.ts';
import { loadExtracts, type ExtractReport, type LoadProgress } from './load-extract.ts';
import { ExtractFileError, type OsmElement } from './osm-element.ts';
import { readOsmFile } from './read-osm-file.ts';
import {
  ASAKUSA,
  COVENT_GARDEN,
  dataDirWithIndex,
  FIXTURES,
  GREENWICH_VILLAGE,
  LONDON_NEW_YORK_ROME_OSM,
  MARAIS,
  MIDTOWN,
  PANTHEON,
  SHIBUYA,
  toPbf,
  TWO_CITIES_OSM,
} from './test-extracts.ts';

let dataDir: string;
let indexFile: string;
let pbf: string;
let index: PlacesIndex;
let reports: ExtractReport[];
/** Places in both fixtures: 14 in two-cities.osm, 6 in london-new-york-rome.osm. */
const FIXTURE_PLACES = 20;

/** What the progress bar was told, one entry per file, pass and call. */
interface ProgressPass {
  file: string;
  pass: number;
  label: string;
  bytes: number[];
  counts: [elements: number, pois: number][];
}
const passes: ProgressPass[] = [];
const writing: string[] = [];
/** the writing steps: label → the last [done, total] reported */
const steps = new Map<string, [number, number]>();
const recorder: LoadProgress = {
  file(file) {
    passes.push({ file: path.basename(file), pass: 0, label: '', bytes: [], counts: [] });
  },
  pass(number, label) {
    const file = passes.at(-1)!.file;
    passes.push({ file, pass: number, label, bytes: [], counts: [] });
  },
  bytes: (read) => passes.at(-1)!.bytes.push(read),
  counts: (elements, pois) => passes.at(-1)!.counts.push([elements, pois]),
  step: (label, done, total) => steps.set(label, [done, total]),
  writing: (what) => writing.push(what),
};

beforeAll(async () => {
  ({ dataDir, indexFile } = dataDirWithIndex());
  pbf = toPbf(TWO_CITIES_OSM, dataDir);
  // Opened before the load: the open index must switch to the loaded file by itself.
  index = openPlacesIndex(dataDir, { log: () => {} });
  // Several files in one load, as `places:load -- a.osm.pbf b.osm`: PBF and XML.
  reports = await loadExtracts(indexFile, [pbf, LONDON_NEW_YORK_ROME_OSM], recorder);
});
afterAll(() => {
  index?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const names = (query: string, near: { lat: number; lng: number }) =>
  index.searchPlaces(query, near).map((p) => p.displayName);
const fileHash = () => createHash('sha256').update(readFileSync(indexFile)).digest('hex');

async function elementsOf(file: string): Promise<OsmElement[]> {
  const all: OsmElement[] = [];
  for await (const batch of readOsmFile(file)) all.push(...batch);
  return all.sort((a, b) => a.type.localeCompare(b.type) || a.id - b.id);
}

describe('reading extracts', () => {
  it('reads the same elements from the XML and from osmium’s PBF of it', async () => {
    const xml = await elementsOf(TWO_CITIES_OSM);
    const fromPbf = await elementsOf(pbf);
    expect(xml.length).toBe(33);
    // What the loader reads; the PBF reader also passes on metadata (info, roles).
    const comparable = (e: OsmElement) => ({
      type: e.type,
      id: e.id,
      tags: e.tags,
      ...(e.type === 'node' ? { lat: e.lat.toFixed(7), lon: e.lon.toFixed(7) } : {}),
      ...(e.type === 'way' ? { refs: e.refs } : {}),
      ...(e.type === 'relation' ? { members: e.members.map((m) => [m.type, m.id]) } : {}),
    });
    expect(fromPbf.map(comparable)).toEqual(xml.map(comparable));
  });
});

describe('loading several files', () => {
  it('reports each file’s places, elements and passes', () => {
    expect(
      reports.map(({ source, elements, places, passes }) => ({
        source,
        elements,
        places,
        passes,
      })),
    ).toEqual([
      { source: 'two-cities.osm.pbf', elements: 33, places: 14, passes: 3 },
      { source: 'london-new-york-rome.osm', elements: 10, places: 6, passes: 2 },
    ]);
  });

  it('tells the progress bar each pass, the bytes read, the elements and places counted, the rows written', () => {
    const sizes = new Map([
      ['two-cities.osm.pbf', readFileSync(pbf).length],
      ['london-new-york-rome.osm', readFileSync(LONDON_NEW_YORK_ROME_OSM).length],
    ]);
    const summary = passes
      .filter((p) => p.pass > 0)
      .map((p) => ({
        file: p.file,
        pass: `${p.pass}: ${p.label}`,
        // bytes only grow, and end at the file's size
        bytes: p.bytes.every((b, i) => i === 0 || b >= p.bytes[i - 1]!) && p.bytes.at(-1),
        last: p.counts.at(-1),
      }));
    const pbfSize = sizes.get('two-cities.osm.pbf');
    const xmlSize = sizes.get('london-new-york-rome.osm');
    expect(summary).toEqual([
      { file: 'two-cities.osm.pbf', pass: '1: points of interest', bytes: pbfSize, last: [33, 14] },
      { file: 'two-cities.osm.pbf', pass: '2: relation outlines', bytes: pbfSize, last: [33, 14] },
      { file: 'two-cities.osm.pbf', pass: '3: positions', bytes: pbfSize, last: [33, 14] },
      {
        file: 'london-new-york-rome.osm',
        pass: '1: points of interest',
        bytes: xmlSize,
        last: [10, 6],
      },
      { file: 'london-new-york-rome.osm', pass: '2: positions', bytes: xmlSize, last: [10, 6] },
    ]);
    // Then the places written and their words indexed, counted in rows.
    expect(Object.fromEntries(steps)).toEqual({
      'writing the places of two-cities.osm.pbf': [14, 14],
      'indexing the words of two-cities.osm.pbf': [14, 14],
      'writing the places of london-new-york-rome.osm': [6, 6],
      'indexing the words of london-new-york-rome.osm': [6, 6],
    });
    expect(writing).toEqual(['merging the search index']);
  });
});

describe('a loaded extract in place search', () => {
  it('finds cafés first for "cafe", "café" and "coffee", without a restart', () => {
    for (const query of ['cafe', 'café', 'coffee', 'Cafe']) {
      expect(names(query, MARAIS).slice(0, 2).sort(), query).toEqual([
        'Café Charlot',
        'Le Petit Moulin',
      ]);
    }
  });

  it('finds categories by the words people use', () => {
    expect(names('pizza', MARAIS)[0]).toBe('Pizzeria Popolare');
    expect(names('pub', MARAIS)[0]).toBe('The Frog & Rosbif');
    expect(names('ice cream', MARAIS)[0]).toBe('Berthillon');
    expect(names('gelato', MARAIS)[0]).toBe('Berthillon');
    expect(names('bakery', MARAIS)[0]).toBe('Du Pain et des Idées');
    expect(names('ramen', ASAKUSA)[0]).toBe('一蘭 浅草店');
  });

  it('finds what the issue found missing offline, and craft, office and historic places', () => {
    expect(names('pub', COVENT_GARDEN)[0]).toBe('Lamb and Flag');
    expect(names('pizza', GREENWICH_VILLAGE)[0]).toBe("Joe's Pizza");
    expect(names('joes pizza', GREENWICH_VILLAGE)[0]).toBe("Joe's Pizza");
    expect(names('gelato', PANTHEON)[0]).toBe('Giolitti');
    expect(names('ice cream', PANTHEON)[0]).toBe('Giolitti');
    expect(names('bucket of blood', COVENT_GARDEN)[0]).toBe('Lamb and Flag'); // old_name
    expect(names('brewery', COVENT_GARDEN)[0]).toBe('Kernel Brewery');
    expect(names('coworking', COVENT_GARDEN)[0]).toBe('Second Home Spitalfields');
    expect(names('great fire', COVENT_GARDEN)[0]).toBe('The Monument');
  });

  it('finds alternative, English and short names, with or without accents and hyphens', () => {
    expect(names('sensoji', ASAKUSA)).toContain('浅草寺');
    expect(names('Sensō-ji', ASAKUSA)).toContain('浅草寺');
    expect(names('meiji shrine', SHIBUYA)[0]).toBe('明治神宮');
    expect(names('meiji jingu', SHIBUYA)).toContain('明治神宮');
    expect(names('明治神宮', SHIBUYA)[0]).toBe('明治神宮');
    expect(names('moma', MIDTOWN)[0]).toBe('Museum of Modern Art');
    expect(names('histoire de paris', MARAIS)[0]).toBe('Musée Carnavalet');
    expect(names('musee carnavalet', MARAIS)[0]).toBe('Musée Carnavalet');
    expect(names('caffe veloce', ASAKUSA)[0]).toBe('カフェ ベローチェ');
  });

  it('places ways and relations at their centre and skips what is not a destination', () => {
    const [museum] = index.searchPlaces('carnavalet', MARAIS);
    expect(museum).toMatchObject({ id: 'osm:W200', lat: 48.8605, lng: 2.357 });
    const [square] = index.searchPlaces('square du temple', MARAIS);
    expect(square).toMatchObject({ id: 'osm:R3000', lat: 48.8645, lng: 2.361 });
    expect(names('parking bretagne', MARAIS)).not.toContain('Parking Bretagne');
    expect(names('rue de bretagne', MARAIS)).toEqual([]);
  });

  it('gives category, address, website and opening hours', () => {
    expect(index.getPlace('osm:N10')).toMatchObject({
      displayName: 'Le Petit Moulin',
      primaryType: 'cafe',
      formattedAddress: 'Le Petit Moulin, 12 Rue de Bretagne, 75003 Paris, Île-de-France, France',
      city: 'Paris',
      country: 'France',
      websiteURI: 'https://lepetitmoulin.example/',
      editorialSummary: 'Cafe · Opening hours: Mo-Su 08:00-19:00',
    });
    expect(index.getPlace('osm:N41')).toMatchObject({
      primaryType: 'ramen_restaurant',
      city: 'Tokyo',
    });
    expect(index.getPlace('osm:N2001')).toMatchObject({
      displayName: "Joe's Pizza",
      primaryType: 'pizza_restaurant',
      formattedAddress: "Joe's Pizza, 7 Carmine Street, New York City, New York, United States",
      editorialSummary: 'Pizza Restaurant · Opening hours: Mo-Su 10:00-04:00',
    });
    expect(index.getPlace('osm:W1100')).toMatchObject({
      displayName: 'Kernel Brewery',
      lat: 51.4935,
      lng: -0.07,
      city: 'London',
    });
  });

  it('keeps extract places out of city search and inside the box', () => {
    expect(index.searchCities('le petit moulin').map((p) => p.id)).not.toContain('osm:N10');
    expect(names('cafe', { lat: MARAIS.lat + 0.5, lng: MARAIS.lng })).not.toContain(
      'Le Petit Moulin',
    );
    expect(index.hasExtracts()).toBe(true);
  });
});

describe('loading again and bad files', () => {
  it('replaces the rows of a file loaded again under the same name', async () => {
    const renamed = path.join(dataDir, 'changed', path.basename(pbf));
    const xml = readFileSync(TWO_CITIES_OSM, 'utf8').replace('Le Petit Moulin', 'Le Grand Moulin');
    const changedOsm = path.join(dataDir, 'changed.osm');
    writeFileSync(changedOsm, xml);
    mkdirSync(path.dirname(renamed), { recursive: true });
    toPbf(changedOsm, path.dirname(renamed), path.basename(pbf));
    await loadExtracts(indexFile, [renamed]);
    const moulins = () => names('moulin', MARAIS).filter((n) => n.startsWith('Le '));
    expect(moulins()).toEqual(['Le Grand Moulin']);
    await loadExtracts(indexFile, [pbf]);
    expect(moulins()).toEqual(['Le Petit Moulin']);
  });

  it('refuses a file that is not OSM, a truncated PBF and an extract without POIs, changing nothing', async () => {
    const truncated = path.join(dataDir, 'truncated.osm.pbf');
    copyFileSync(pbf, truncated);
    truncateSync(truncated, Math.floor(readFileSync(pbf).length * 0.7));
    const garbage = path.join(dataDir, 'garbage.osm.pbf');
    writeFileSync(garbage, Buffer.from('PK\u0003\u0004 not a pbf at all'));
    const empty = path.join(dataDir, 'empty.osm');
    writeFileSync(empty, '');
    const cases: [string, RegExp][] = [
      [path.join(FIXTURES, 'not-openstreetmap.xml'), /not OpenStreetMap data/],
      [garbage, /not an OpenStreetMap extract/],
      [truncated, /truncated/],
      [empty, /empty/],
      [path.join(FIXTURES, 'no-points-of-interest.osm'), /no named points of interest/],
      [path.join(dataDir, 'missing.osm.pbf'), /no such file/],
    ];
    const before = fileHash();
    for (const [file, message] of cases) {
      const error = await loadExtracts(indexFile, [file]).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(ExtractFileError);
      expect((error as Error).message, file).toMatch(message);
      expect(fileHash(), file).toBe(before);
    }
    expect(names('cafe', MARAIS)).toContain('Le Petit Moulin');
  });

  it('keeps loaded extracts when the built-in rows are rebuilt', async () => {
    const { buildPlacesIndexFile } = await import('../embedded/build-index.ts');
    const report = buildPlacesIndexFile(indexFile, { fingerprint: 'a newer release' });
    expect(report.extractPlaces).toBe(FIXTURE_PLACES);
    expect(names('coffee', MARAIS)[0]).toBe('Café Charlot');
  });

  it('carries the extracts of a format-4 file over when the index is rebuilt in format 5', async () => {
    const { buildPlacesIndexFile } = await import('../embedded/build-index.ts');
    // Format 4 had the same `places` rows, and no extract_fts.
    const older = path.join(dataDir, 'places-index-v4.sqlite');
    copyFileSync(indexFile, older);
    const db = new Database(older);
    db.exec("DROP TABLE extract_fts; UPDATE meta SET value = '4' WHERE key = 'format'");
    db.close();
    rmSync(indexFile);
    const report = buildPlacesIndexFile(indexFile, { fingerprint: 'an upgrade' });
    expect(report.extractPlaces).toBe(FIXTURE_PLACES);
    expect(names('coffee', MARAIS)[0]).toBe('Café Charlot');
    expect(names('ramen', ASAKUSA)[0]).toBe('一蘭 浅草店');
  });
});
