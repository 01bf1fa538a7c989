import type { Review } from '@spotbook/contract';
import { placeDetails, type PlaceDetailsColumns } from '../places/store.ts';

/** What a spot card or the spot page needs: the review and its place, one join. */
export const SPOT_COLUMNS = [
  'r.id',
  'r.user_id',
  'r.review',
  'r.rating',
  'r.visited',
  'r.created_at',
  'r.updated_at',
  'p.id as place_id',
  'p.display_name',
  'p.formatted_address',
  'p.city',
  'p.country',
  'p.lat',
  'p.lng',
  'p.primary_type',
  'p.website_uri',
  'p.google_maps_uri',
  'p.editorial_summary',
  'p.cached_preview_image',
] as const;

export interface SpotRow extends Omit<PlaceDetailsColumns, 'id'> {
  id: number;
  user_id: number;
  review: string;
  rating: number;
  visited: number;
  created_at: number;
  updated_at: number;
  place_id: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function presentSpot(row: SpotRow): Review {
  return {
    id: row.id,
    user: row.user_id,
    review: row.review,
    rating: row.rating,
    visited: row.visited === 1,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    place_details: placeDetails(row.place_id, row),
    photos: [], // issue 13: filled from the photos table
  };
}
