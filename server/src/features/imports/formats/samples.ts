import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';

/** Test helpers: the hand-written sample files, and archives built from them. */
const SAMPLES = new URL('./samples/', import.meta.url);

export function sample(path: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(path, SAMPLES)));
}

export const TAKEOUT_ENTRIES = [
  'Takeout/Maps (your places)/Saved Places.json',
  'Takeout/Saved/Want to go.csv',
  'Takeout/Saved/Favourite places.csv',
] as const;

/** A Takeout archive as Google lays it out, with entries we must not read beside ours. */
export function takeoutZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'Takeout/archive_browser.html': strToU8('<!DOCTYPE html><html><body>Takeout</body></html>'),
    'Takeout/Maps/My labeled places/Labeled places.json': strToU8(
      '{"type":"FeatureCollection","features":[]}',
    ),
  };
  for (const entry of TAKEOUT_ENTRIES) files[entry] = sample(`takeout/${entry}`);
  return zipSync(files);
}

/** A My Maps KMZ: doc.kml and its icon images. */
export function myMapsKmz(): Uint8Array {
  return zipSync({
    'doc.kml': sample('my-maps-lisbon.kml'),
    'images/icon-1.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
  });
}
