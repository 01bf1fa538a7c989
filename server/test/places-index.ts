import os from 'node:os';
import path from 'node:path';
import { openPlacesIndex } from '../src/features/places/embedded/places-index.ts';

/**
 * One embedded place index for every test of every run on this machine: built once
 * (about 12 s) and rebuilt only when its sources change (the index checks a fingerprint).
 */
export const SHARED_PLACES_DIR = path.join(os.tmpdir(), 'spotbook-test-places');

export function ensureSharedPlacesIndex(): string {
  const index = openPlacesIndex(SHARED_PLACES_DIR, { log: (m) => console.log(m) });
  const file = index.file;
  index.close();
  return file;
}
