import { formatLatLng, IMPORT_LIMITS, parsePlaceLink } from '@spotbook/contract';
import { ImportFileError, type ParsedRow } from './parsed-file.ts';

/** What a reader knows about one place; `row()` fills in the rest the same way for all. */
export interface RowFields {
  name?: unknown;
  list_name?: unknown;
  note?: unknown;
  lat?: unknown;
  lng?: unknown;
  source_url?: unknown;
  address?: unknown;
  category?: unknown;
  rating?: unknown;
  visited?: unknown;
  place_id?: unknown;
  problem?: string | null;
}

/** ES2024's String#toWellFormed (Node 20 has it; our TypeScript lib is ES2022). */
const toWellFormed = (text: string): string =>
  (text as unknown as { toWellFormed(): string }).toWellFormed();

/**
 * NUL and unpaired surrogates can come from JSON escapes or XML character references;
 * neither database stores them as sent (decision 014): NUL goes, a lone surrogate
 * becomes U+FFFD.
 */
export function cleanText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  return toWellFormed(value.replaceAll('\u0000', '')).trim();
}

/** Names and list names on one line; notes keep their line breaks. */
function oneLine(value: unknown): string {
  return cleanText(value).replace(/\s+/g, ' ');
}

/** "48.85", 48.85 and, in a semicolon CSV from a European spreadsheet, "48,85". */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function toRating(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= 5 ? n : null;
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = cleanText(value).toLowerCase();
  if (['true', 'yes', '1'].includes(text)) return true;
  if (['false', 'no', '0'].includes(text)) return false;
  return null;
}

interface Coordinates {
  lat: number | null;
  lng: number | null;
  problem: string | null;
}

/** [0, 0] is how Takeout says "unknown"; no one saves a place in the Gulf of Guinea. */
function coordinates(fields: RowFields, url: string): Coordinates {
  const lat = toNumber(fields.lat);
  const lng = toNumber(fields.lng);
  const given = cleanText(fields.lat) !== '' || cleanText(fields.lng) !== '';
  if (lat !== null && lng !== null && !(lat === 0 && lng === 0)) {
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng, problem: null };
    return { lat: null, lng: null, problem: `The coordinates ${lat}, ${lng} are out of range.` };
  }
  const linked = url ? parsePlaceLink(url) : null;
  if (linked) return { lat: linked.lat, lng: linked.lng, problem: null };
  const unreadable = given && (lat === null || lng === null);
  return {
    lat: null,
    lng: null,
    problem: unreadable
      ? `The coordinates "${oneLine(fields.lat)}", "${oneLine(fields.lng)}" aren't numbers.`
      : null,
  };
}

/** One row, every field cleaned and typed the same way whatever the format. */
export function row(fields: RowFields): ParsedRow {
  const sourceUrl = oneLine(fields.source_url);
  const point = coordinates(fields, sourceUrl);
  const address = cleanText(fields.address).replace(/\s*\n\s*/g, ', ');
  // A dropped pin without a title is still a place: call it by its address, its link's
  // name, else its coordinates, as Google Maps does.
  let name = oneLine(fields.name) || address.split(',')[0]!.trim();
  if (!name && sourceUrl) name = parsePlaceLink(sourceUrl)?.name ?? '';
  if (!name && point.lat !== null && point.lng !== null) name = formatLatLng(point.lat, point.lng);
  const problem = fields.problem ?? point.problem ?? (name ? null : 'This place has no name.');
  return {
    name,
    list_name: oneLine(fields.list_name) || null,
    note: cleanText(fields.note).replace(/\r\n?/g, '\n'),
    lat: point.lat,
    lng: point.lng,
    source_url: sourceUrl,
    address,
    category: oneLine(fields.category) || null,
    rating: toRating(fields.rating),
    visited: toBoolean(fields.visited),
    place_id: oneLine(fields.place_id) || null,
    problem,
  };
}

/** One row per list the place is on (our exports), or one row on no list. */
export function rowsPerList(fields: RowFields, lists: readonly unknown[]): ParsedRow[] {
  const names = [...new Set(lists.map(oneLine).filter(Boolean))];
  if (names.length === 0) return [row({ ...fields, list_name: fields.list_name ?? null })];
  return names.map((list_name) => row({ ...fields, list_name }));
}

/** Notes from several columns (Takeout's Note and Comment) become one, blank-line separated. */
export function joinNotes(...notes: unknown[]): string {
  return [...new Set(notes.map(cleanText).filter(Boolean))].join('\n\n');
}

/**
 * The limit counts places, not rows: a spot exported on three lists is three rows and one
 * place. Counted to the end so the message can say how many the file holds.
 */
export function checkPlaceCount(rows: readonly ParsedRow[]): void {
  if (rows.length === 0) {
    throw new ImportFileError('This file holds no places.');
  }
  const places = new Set(
    rows.map((r) => r.place_id ?? (r.source_url || `${r.name}\u0001${r.lat},${r.lng}`)),
  );
  if (places.size > IMPORT_LIMITS.places) {
    throw new ImportFileError(
      `This file holds ${places.size.toLocaleString('en-US')} places; an import takes at most ${IMPORT_LIMITS.places.toLocaleString('en-US')}. Split it into smaller files and import each.`,
    );
  }
}
