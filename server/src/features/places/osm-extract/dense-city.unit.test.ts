import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInBox } from '../embedded/grid.ts';
import { openPlacesIndex, type PlacesIndex } from '../embedded/places-index.ts';
import { loadExtracts } from './load-extract.ts';
import { dataDirWithIndex } from './test-extracts.ts';

/**
 * A dense city in small: 400 well-known cafés (Wikidata, so they come first in rowid
 * order) a few kilometres around a street corner, and three plain ones on the corner
 * itself. Place search must read the cells nearest the point first, so the corner's
 * cafés are found although the candidate limit (200) fills up with famous ones.
 */
const CORNER = { lat: 45.764, lng: 4.8357 };
const NEAREST = ['Petit Noir', 'La Tasse', 'Le Zinc'];

let dataDir: string;
let index: PlacesIndex;

function denseExtract(): string {
  const nodes: string[] = [];
  let id = 1;
  const cafe = (lat: number, lng: number, name: string, famous: boolean) =>
    nodes.push(
      `<node id="${id++}" lat="${lat.toFixed(7)}" lon="${lng.toFixed(7)}">` +
        `<tag k="amenity" v="cafe"/><tag k="name" v="${name}"/>` +
        (famous ? `<tag k="wikidata" v="Q${id}"/>` : '') +
        '</node>',
    );
  for (let i = 0; i < 400; i++) {
    // On rings 2.5 to 6 km away: inside the search box, outside the corner's own cell.
    const angle = (i * 2 * Math.PI) / 400;
    const degrees = 0.025 + (i % 8) * 0.004;
    cafe(
      CORNER.lat + degrees * Math.sin(angle),
      CORNER.lng + degrees * 1.4 * Math.cos(angle),
      `Grand Café ${i}`,
      true,
    );
  }
  NEAREST.forEach((name, i) => cafe(CORNER.lat + 0.0004 * i, CORNER.lng + 0.0003, name, false));
  const file = path.join(dataDir, 'dense-city.osm');
  writeFileSync(file, `<?xml version="1.0"?>\n<osm version="0.6">\n${nodes.join('\n')}\n</osm>\n`);
  return file;
}

beforeAll(async () => {
  let indexFile: string;
  ({ dataDir, indexFile } = dataDirWithIndex());
  await loadExtracts(indexFile, [denseExtract()]);
  index = openPlacesIndex(dataDir, { log: () => {} });
});
afterAll(() => {
  index?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('place search in a dense city', () => {
  it('finds the cafés on the corner first, not the famous ones across town', () => {
    const results = index.searchPlaces('cafe', CORNER);
    expect(
      results
        .slice(0, 3)
        .map((p) => p.displayName)
        .sort(),
    ).toEqual([...NEAREST].sort());
    expect(results).toHaveLength(20);
    for (const place of results) expect(isInBox(place, CORNER)).toBe(true);
  });

  it('still finds a famous café across town by its name', () => {
    expect(index.searchPlaces('grand cafe 123', CORNER)[0]?.displayName).toBe('Grand Café 123');
  });
});
