/**
 * Export formats and download paths, without zod: the account menu on every page links to
 * the account export, and importing a schema module there would put zod on the first screen
 * (docs/decisions/024-shared-list-on-a-phone.md).
 */
/** `GET /api/exports/spots.{format}` */
export const EXPORT_FORMATS = ['geojson', 'kml', 'gpx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
  csv: 'text/csv',
};

/** Where the web app downloads one format of all spots (no list) or of one list. */
export function exportSpotsPath(format: ExportFormat, list?: string | number): string {
  const query = list === undefined ? '' : `?list=${encodeURIComponent(String(list))}`;
  return `/api/exports/spots.${format}${query}`;
}
export const ACCOUNT_EXPORT_PATH = '/api/exports/account.json';
