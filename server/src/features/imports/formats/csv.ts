import { parsePlaceLink } from '@spotbook/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { findColumns, isTakeoutListHeader, type Column } from './csv-columns.ts';
import { ImportFileError, type ParsedFile, type ParsedRow } from './parsed-file.ts';
import { cleanText, joinNotes, rowsPerList } from './rows.ts';

/**
 * A spreadsheet saved in a comma-decimal locale separates with ';' (and writes 48,85);
 * tab-separated text is common too. The header line decides: the separator it holds most
 * often outside quotes.
 */
export function detectDelimiter(text: string): string {
  const header = text.split('\n', 1)[0]!.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best![1] > 0 ? best![0] : ',';
}

function readRecords(text: string): { record: string[]; line: number }[] {
  try {
    // csv-parse counts a CRLF inside quotes as two lines; one kind of line break keeps
    // the line numbers in messages true (and notes get \n either way).
    const records = parse(text.replace(/\r\n/g, '\n'), {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError(`This CSV file is malformed: ${error.message.slice(0, 200)}`);
    }
    throw error;
  }
}

/** The header our CSV export writes (server/src/features/exports/writers/csv.ts). */
const OUR_EXPORT_HEADER =
  'name,address,latitude,longitude,category,review,rating,visited,lists,maps_url,place_id';
/**
 * Our export puts a `'` before a cell starting with =, +, -, @, tab or CR (csv-stringify's
 * escape_formulas, against spreadsheet formula injection); reading our file takes it off.
 */
const unescapeFormula = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');

/** "Want to go.csv" → "Want to go": Takeout names each list's file after the list. */
export function listNameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return cleanText(base.replace(/\.csv$/i, ''));
}

function missingColumns(header: string[], columns: Map<Column, number[]>): string | null {
  const found = `The header (line 1) has: ${header.slice(0, 12).map(cleanText).join(', ').slice(0, 300)}.`;
  if (!columns.has('name')) {
    return `This CSV file has no name column: its header needs a column called "name" or "title". ${found}`;
  }
  const hasPoint = (columns.has('lat') && columns.has('lng')) || columns.has('coordinates');
  if (!hasPoint && !columns.has('url')) {
    return `This CSV file has neither coordinates nor map links: its header needs "latitude" and "longitude" columns or a "url" column. ${found}`;
  }
  return null;
}

/**
 * Takeout's list CSVs, our CSV export, and any spreadsheet with a name column and either
 * coordinates or a maps URL. Each line becomes one row per list it names.
 */
export function readCsv(text: string, fileName: string): ParsedFile {
  const records = readRecords(text);
  const header = records[0]?.record ?? [];
  const takeout = isTakeoutListHeader(header);
  const columns = findColumns(header);
  const missing = missingColumns(header, columns);
  if (missing) throw new ImportFileError(missing);
  const listName = takeout ? listNameFromFile(fileName) : null;
  const rows: ParsedRow[] = [];
  const ours = header.map((h) => h.trim()).join(',') === OUR_EXPORT_HEADER;
  for (const { record: cells, line } of records.slice(1)) {
    if (cells.every((cell) => cell.trim() === '')) continue; // Takeout's ",,," after the header
    const record = ours ? cells.map(unescapeFormula) : cells;
    const cell = (column: Column) => record[columns.get(column)?.[0] ?? -1] ?? '';
    const combined = cell('coordinates') ? parsePlaceLink(cell('coordinates')) : null;
    const fields = {
      name: cell('name'),
      lat: columns.has('lat') ? cell('lat') : combined?.lat,
      lng: columns.has('lng') ? cell('lng') : combined?.lng,
      source_url: cell('url'),
      note: joinNotes(...(columns.get('note') ?? []).map((i) => record[i])),
      address: cell('address'),
      category: cell('category'),
      rating: cell('rating'),
      visited: cell('visited'),
      place_id: cell('place_id'),
      list_name: listName,
    };
    // Our export joins a spot's lists with " | "; a plain "list" column names one.
    const lists = cell('lists').split(' | ');
    for (const parsed of rowsPerList(fields, lists)) {
      rows.push(
        parsed.problem ? { ...parsed, problem: `Line ${line}: ${parsed.problem}` } : parsed,
      );
    }
  }
  return { format: takeout ? 'takeout-list-csv' : 'csv', rows };
}
