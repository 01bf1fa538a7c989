import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSharedPlacesIndex } from '../../../../test/places-index.ts';

/** Test support: the hand-written .osm fixtures, and their .osm.pbf made by osmium. */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
export const TWO_CITIES_OSM = path.join(FIXTURES, 'two-cities.osm');
/** London, New York and Rome: loaded as XML beside the PBF of two-cities.osm. */
export const LONDON_NEW_YORK_ROME_OSM = path.join(FIXTURES, 'london-new-york-rome.osm');

/** Near the fixture's Paris street (Rue de Bretagne) and its Tokyo and New York places. */
export const MARAIS = { lat: 48.86, lng: 2.36 };
export const ASAKUSA = { lat: 35.713, lng: 139.796 };
export const SHIBUYA = { lat: 35.676, lng: 139.7 };
export const MIDTOWN = { lat: 40.76, lng: -73.98 };
export const COVENT_GARDEN = { lat: 51.512, lng: -0.124 };
export const GREENWICH_VILLAGE = { lat: 40.733, lng: -73.997 };
export const PANTHEON = { lat: 41.8986, lng: 12.4769 };

/**
 * Converts an .osm fixture to .osm.pbf with Debian's osmium-tool (installed by
 * scripts/ensure-test-services.sh), so the PBF reader reads a file a real tool wrote.
 */
export function toPbf(osmFile: string, directory: string, name?: string): string {
  const out = path.join(directory, name ?? `${path.basename(osmFile, '.osm')}.osm.pbf`);
  execFileSync('osmium', ['cat', '--overwrite', osmFile, '-o', out], { stdio: 'pipe' });
  return out;
}

/** A DATA_DIR holding a copy of the shared built-in index, ready for extracts. */
export function dataDirWithIndex(): { dataDir: string; indexFile: string } {
  const shared = ensureSharedPlacesIndex();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-extracts-'));
  const indexFile = path.join(dataDir, path.basename(shared));
  copyFileSync(shared, indexFile);
  return { dataDir, indexFile };
}
