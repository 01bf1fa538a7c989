import { decodeText } from './decode-text.ts';
import { readKml } from './kml.ts';
import { ImportFileError, type ParsedFile } from './parsed-file.ts';
import { readZipEntries } from './zip.ts';

const KML_ENTRY = /\.kml$/i;

/** KMZ: a zip whose doc.kml (else its first .kml) is the document; images stay packed. */
export function readKmz(bytes: Uint8Array): ParsedFile {
  const entries = readZipEntries(bytes, (name) => KML_ENTRY.test(name), 'KMZ');
  const main = entries.find((e) => e.name.toLowerCase() === 'doc.kml') ?? entries[0];
  if (!main) throw new ImportFileError('This KMZ file holds no KML document (doc.kml).');
  return readKml(decodeText(main.bytes), 'kmz');
}
