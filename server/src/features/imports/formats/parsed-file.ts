/**
 * What every import format reader gives the import job (runtime contract §7): one row per
 * place and list membership. A place on two lists is two rows with the same name and
 * coordinates; confirming creates one spot and puts it on both lists.
 */
export interface ParsedRow {
  name: string;
  /** the Takeout list's (its CSV file name), the KML folder's or our export's list name */
  list_name: string | null;
  /** a note, comment or description: becomes the spot's review */
  note: string;
  lat: number | null;
  lng: number | null;
  /** the row's maps URL (Google Maps, ours), '' when none */
  source_url: string;
  address: string;
  /** a place type (Places API vocabulary, e.g. `cafe`), when the file says */
  category: string | null;
  /** our own exports carry these; other files do not (null) */
  rating: number | null;
  visited: boolean | null;
  /** our own exports carry the place id (`lm:…`, `gn:…`, `custom:…`), which matches exactly */
  place_id: string | null;
  /** why the row could not be read (it is still shown, to be fixed or skipped) */
  problem: string | null;
}

export type ImportFormat =
  | 'takeout-saved-places'
  | 'takeout-list-csv'
  | 'takeout-zip'
  | 'kml'
  | 'kmz'
  | 'gpx'
  | 'geojson'
  | 'csv';

export interface ParsedFile {
  format: ImportFormat;
  rows: ParsedRow[];
}

/** A file we refuse: `message` is the 400's `detail`, naming the problem and line or row. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}
