import { decodeText } from './decode-text.ts';
import { readCsv } from './csv.ts';
import { readGeoJson } from './geojson.ts';
import { parseJson } from './json-text.ts';
import { ImportFileError, type ParsedFile, type ParsedRow } from './parsed-file.ts';
import { readZipEntries, type ZipEntry } from './zip.ts';

/** The Takeout entries we read; everything else in the archive stays packed. */
const LIST_CSV = /(^|\/)Saved\/[^/]+\.csv$/i;
const SAVED_PLACES = /(^|\/)Saved Places\.json$/i;

export function isTakeoutEntry(name: string): boolean {
  return LIST_CSV.test(name) || SAVED_PLACES.test(name);
}

/** An entry's own errors say which entry they are about. */
function inEntry<T>(entry: ZipEntry, read: (text: string) => T): T {
  try {
    return read(decodeText(entry.bytes));
  } catch (error) {
    if (error instanceof ImportFileError) {
      throw new ImportFileError(`${entry.name}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * One key per Google place across Takeout's files: Saved Places.json links `?cid=N`,
 * the list CSVs link `/maps/place/…/data=…!1s0x…:0xHEX`, and HEX is the same N.
 */
export function googlePlaceKey(row: ParsedRow): string {
  const cid = /[?&](?:cid|ludocid)=(\d+)/.exec(row.source_url)?.[1];
  if (cid) return `cid:${cid}`;
  const ftid = /!1s0x[0-9a-f]+:0x([0-9a-f]+)/i.exec(row.source_url)?.[1];
  if (ftid) return `cid:${BigInt(`0x${ftid}`).toString()}`;
  return `name:${row.name.toLowerCase()}`;
}

/**
 * The list CSVs know the lists but rarely the coordinates; Saved Places.json (starred
 * places) knows coordinates and addresses. A place in both is one place: the list rows
 * take the JSON's point and address, and the JSON row is dropped. Starred places on no
 * list stay, on no list.
 */
function mergeSavedPlaces(listRows: ParsedRow[], savedRows: ParsedRow[]): ParsedRow[] {
  const saved = new Map(savedRows.map((r) => [googlePlaceKey(r), r]));
  const used = new Set<string>();
  const merged = listRows.map((r) => {
    const key = googlePlaceKey(r);
    const known = saved.get(key);
    if (!known) return r;
    used.add(key);
    const point = r.lat === null && known.lat !== null;
    return {
      ...r,
      lat: point ? known.lat : r.lat,
      lng: point ? known.lng : r.lng,
      address: r.address || known.address,
      note: r.note || known.note,
      problem: point ? null : r.problem,
    };
  });
  return [...merged, ...savedRows.filter((r) => !used.has(googlePlaceKey(r)))];
}

/** A whole Google Takeout archive (Maps and "Saved"), read from its known entries only. */
export function readTakeoutZip(bytes: Uint8Array): ParsedFile {
  const entries = readZipEntries(bytes, isTakeoutEntry, 'Takeout zip');
  const listRows: ParsedRow[] = [];
  const savedRows: ParsedRow[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (SAVED_PLACES.test(entry.name)) {
      savedRows.push(...inEntry(entry, (text) => readGeoJson(parseJson(text)).rows));
    } else {
      listRows.push(...inEntry(entry, (text) => readCsv(text, entry.name).rows));
    }
  }
  return { format: 'takeout-zip', rows: mergeSavedPlaces(listRows, savedRows) };
}
