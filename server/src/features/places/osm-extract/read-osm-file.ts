import { closeSync, openSync, readSync } from 'node:fs';
import { ExtractFileError, type OnBytesRead, type OsmElement } from './osm-element.ts';
import { readPbf } from './pbf-reader.ts';
import { readOsmXml } from './xml-reader.ts';

export type OsmFormat = 'pbf' | 'xml';

/**
 * Which reader a file needs, from its first bytes rather than its name: a PBF file
 * starts with a block header naming "OSMHeader", an XML file with `<`. Anything else
 * (a zip, an HTML error page saved as .pbf, an empty file) is refused up front.
 */
export function detectOsmFormat(file: string): OsmFormat {
  const head = Buffer.alloc(64);
  const fd = openSync(file, 'r');
  let length: number;
  try {
    length = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const bytes = head.subarray(0, length);
  if (length === 0) throw new ExtractFileError('the file is empty');
  if (bytes.subarray(4, 40).includes('OSMHeader')) return 'pbf';
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return 'xml';
  throw new ExtractFileError(
    'it is not an OpenStreetMap extract (expected an .osm.pbf or .osm XML file)',
  );
}

export function readOsmFile(file: string, onBytes?: OnBytesRead): AsyncGenerator<OsmElement[]> {
  return detectOsmFormat(file) === 'pbf' ? readPbf(file, onBytes) : readOsmXml(file, onBytes);
}
