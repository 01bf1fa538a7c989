import { mapsSearchUrl } from '../places/place-text.ts';

/**
 * One spot as every export format carries it (issue 12; the field layout the import
 * readers read back is fixed in docs/decisions/020-exports.md).
 */
export interface ExportSpot {
  name: string;
  address: string;
  /** the place type, e.g. `cafe` */
  category: string;
  review: string;
  rating: number;
  visited: boolean;
  /** names of the lists holding the spot, within the export's scope */
  lists: string[];
  maps_url: string;
  /** `lm:…`, `gn:…`, `ap:…`, `osm:…`, `g:…`, `custom:…`: an import matches it exactly */
  place_id: string;
  latitude: number;
  longitude: number;
}

/** The columns of a spot joined to its place that an export reads. */
export const EXPORT_COLUMNS = [
  'r.id as review_id',
  'r.review',
  'r.rating',
  'r.visited',
  'p.id as place_id',
  'p.display_name',
  'p.formatted_address',
  'p.primary_type',
  'p.google_maps_uri',
  'p.lat',
  'p.lng',
] as const;

export interface ExportRow {
  review_id: number;
  review: string;
  rating: number;
  visited: number;
  place_id: string;
  display_name: string;
  formatted_address: string;
  primary_type: string;
  google_maps_uri: string;
  lat: number;
  lng: number;
}

export function exportSpot(row: ExportRow, lists: string[]): ExportSpot {
  return {
    name: row.display_name,
    address: row.formatted_address,
    category: row.primary_type,
    review: row.review,
    rating: row.rating,
    visited: row.visited === 1,
    lists,
    // Every provider stores a maps link; a place written before that had none gets one.
    maps_url: row.google_maps_uri || mapsSearchUrl(row.lat, row.lng),
    place_id: row.place_id,
    latitude: row.lat,
    longitude: row.lng,
  };
}
