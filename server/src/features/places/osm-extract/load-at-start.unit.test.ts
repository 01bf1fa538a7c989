import { copyFileSync, existsSync, readFileSync, rmSync, truncateSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlacesIndex, type PlacesIndex } from '../embedded/places-index.ts';
import { loadExtractsInBackground } from './load-at-start.ts';
import { dataDirWithIndex, MARAIS, toPbf, TWO_CITIES_OSM } from './test-extracts.ts';

/**
 * PLACES_EXTRACTS: the server starts `places:load` in a child process for the files it
 * has not loaded yet, and keeps answering from the index it has until the new one is
 * renamed into place.
 */
let dataDir: string;
let indexFile: string;
let pbf: string;
/** the server's index, opened before any load */
let index: PlacesIndex;
const logs: string[] = [];
const start = (files: string[]) =>
  loadExtractsInBackground(dataDir, files, { indexFile, log: (m) => logs.push(m) });
const cafesNearMarais = () => index.searchPlaces('cafe', MARAIS).map((p) => p.displayName);

beforeAll(() => {
  ({ dataDir, indexFile } = dataDirWithIndex());
  pbf = toPbf(TWO_CITIES_OSM, dataDir);
  index = openPlacesIndex(dataDir, { log: () => {} });
});
afterAll(() => {
  index?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PLACES_EXTRACTS at start', () => {
  it('loads a new file once, in the background, and the open index finds its places', async () => {
    expect(cafesNearMarais()).not.toContain('Le Petit Moulin');
    const first = start([pbf]);
    // A second server process (WORKERS) starting meanwhile leaves it to the first.
    const second = start([pbf]);
    expect(await second.done).toBeNull();
    expect(await first.done).toBe(0);
    expect(cafesNearMarais()).toContain('Le Petit Moulin');
    expect(existsSync(path.join(dataDir, 'places-extracts.lock'))).toBe(false);
    expect(logs.join('\n')).toMatch(/loading .*two-cities\.osm\.pbf in the background/);
    expect(logs.join('\n')).toMatch(/another server process is loading them/);
    expect(logs.at(-1)).toMatch(/^places extracts: loaded: .*two-cities\.osm\.pbf: 14 places/);

    // The next start: nothing new, no child.
    const count = logs.length;
    expect(await start([pbf]).done).toBe(0);
    expect(logs).toHaveLength(count);
  });

  it('loads a file again when it changed since', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(pbf, later, later);
    const count = logs.length;
    expect(await start([pbf]).done).toBe(0);
    expect(logs.slice(count).join('\n')).toMatch(/loading .*two-cities\.osm\.pbf/);
    expect(cafesNearMarais()).toContain('Le Petit Moulin');
  });

  it('logs why a file could not be loaded, and keeps the index it has', async () => {
    const truncated = path.join(dataDir, 'cut.osm.pbf');
    copyFileSync(pbf, truncated);
    truncateSync(truncated, Math.floor(readFileSync(pbf).length / 2));
    expect(await start([truncated]).done).toBe(1);
    expect(logs.at(-1)).toMatch(
      /^places extracts: failed \(exit 1\): .*cut\.osm\.pbf: the PBF file ends in the middle of a block .*The places index is unchanged\./,
    );
    expect(cafesNearMarais()).toContain('Le Petit Moulin');
  });
});
