import { readCsv } from './csv.ts';
import { decodeText } from './decode-text.ts';
import { readGeoJson } from './geojson.ts';
import { readGpx } from './gpx.ts';
import { parseJson } from './json-text.ts';
import { readKml } from './kml.ts';
import { readKmz } from './kmz.ts';
import { ImportFileError, type ParsedFile } from './parsed-file.ts';
import { checkPlaceCount } from './rows.ts';
import { extensionOf, knownBinary, SUPPORTED } from './sniff.ts';
import { isTakeoutEntry, readTakeoutZip } from './takeout-zip.ts';
import { xmlRootName } from './xml.ts';
import { isZip, zipEntryNames } from './zip.ts';

export { ImportFileError } from './parsed-file.ts';
export type { ParsedFile, ParsedRow } from './parsed-file.ts';

/**
 * Reads an uploaded file into rows (runtime contract §7). The format is told by the
 * content first (zip signature, JSON, XML root, CSV header) and the name second, so a
 * Saved Places.json renamed .txt still reads and a .csv holding a PNG is refused as such.
 * Anything wrong with the file is an ImportFileError whose message is the 400's detail.
 */
export async function parseImportFile(fileName: string, bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.length === 0) throw new ImportFileError('The file is empty.');
  let parsed: ParsedFile;
  try {
    parsed = isZip(bytes) ? readZip(bytes, fileName) : readText(bytes, fileName);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    // A reader's library gave up in a way we did not foresee (a nesting deeper than its
    // stack, say): still the file's fault, still a 400, never a 500.
    throw new ImportFileError(`This file couldn't be read. ${SUPPORTED}`, { cause: error });
  }
  checkPlaceCount(parsed.rows);
  return parsed;
}

function readZip(bytes: Uint8Array, fileName: string): ParsedFile {
  const names = zipEntryNames(bytes);
  if (names.some(isTakeoutEntry)) return readTakeoutZip(bytes);
  if (names.some((n) => /\.kml$/i.test(n))) return readKmz(bytes);
  const office = names.some((n) => n.startsWith('xl/'))
    ? ' (it is an Excel workbook: save it as CSV)'
    : '';
  throw new ImportFileError(
    `This zip file (${fileName.slice(0, 100)}) holds no Google Takeout saved places (Saved/*.csv, Saved Places.json) and no KML${office}. ${SUPPORTED}`,
  );
}

function readText(bytes: Uint8Array, fileName: string): ParsedFile {
  const binary = knownBinary(bytes);
  if (binary)
    throw new ImportFileError(`This file is ${binary}, not a list of places. ${SUPPORTED}`);
  const extension = extensionOf(fileName);
  if (['zip', 'kmz'].includes(extension)) {
    throw new ImportFileError(
      `This .${extension} file isn't a zip archive: it may be damaged or incomplete.`,
    );
  }
  const text = decodeText(bytes);
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') return readGeoJson(parseJson(text));
  if (start === '<') {
    const root = xmlRootName(text);
    if (root === 'kml') return readKml(text);
    if (root === 'gpx') return readGpx(text);
    throw new ImportFileError(
      `This XML file is neither KML nor GPX (its root element is <${(root ?? '?').slice(0, 40)}>). ${SUPPORTED}`,
    );
  }
  if (['json', 'geojson', 'kml', 'gpx'].includes(extension)) {
    throw new ImportFileError(
      `This .${extension} file doesn't hold ${extension === 'kml' || extension === 'gpx' ? 'XML' : 'JSON'}: it starts with "${text.trimStart().slice(0, 20)}".`,
    );
  }
  return readCsv(text, fileName);
}
