import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportSpot } from '../export-spot.ts';

export const CSV_COLUMNS = [
  'name',
  'address',
  'latitude',
  'longitude',
  'category',
  'review',
  'rating',
  'visited',
  'lists',
  'maps_url',
  'place_id',
] as const;

/** How the lists column joins names (a list name may hold a comma, rarely ` | `). */
export const CSV_LIST_SEPARATOR = ' | ';

/**
 * UTF-8 with a BOM (so spreadsheets read accents), comma, CRLF, a header row; quoting by
 * csv-stringify. `escape_formulas` puts a `'` before a cell that starts with `=`, `+`,
 * `-`, `@`, tab or CR, so a spreadsheet shows a review like "=HYPERLINK(…)" as text
 * instead of running it (OWASP CSV injection); readers strip that quote back off.
 */
export function csvDocument(spots: AsyncIterable<ExportSpot>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const spot of spots) {
        yield {
          ...spot,
          visited: spot.visited ? 'true' : 'false',
          lists: spot.lists.join(CSV_LIST_SEPARATOR),
        };
      }
    })(),
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  // pipeline, not pipe: a failed page read destroys the CSV stream, and so the response.
  return pipeline(rows, csv, () => {});
}
