import type { Photo, Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { photosOfSpots, presentPhoto } from '../photos/repository.ts';
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

/** A spot as every answer shows it; `photos` in order, cover first (photosOfSpots). */
export function presentSpot(row: SpotRow, photos: Photo[]): Review {
  return {
    id: row.id,
    user: row.user_id,
    review: row.review,
    rating: row.rating,
    visited: row.visited === 1,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    place_details: placeDetails(row.place_id, row),
    photos,
  };
}

/** The columns an edit writes (updateSpot), and what its answer shows changed. */
export type SpotChanges = Pick<SpotRow, 'review' | 'rating' | 'visited' | 'updated_at'>;

/**
 * A spot's answer after an edit of its own columns (`saved`, as updateSpot wrote them):
 * its answer as read before the edit with those changed, what reading it again gives. An
 * edit changes neither the place nor the photos.
 */
export function editedAnswer(before: Review, saved: SpotChanges): Review {
  return {
    ...before,
    review: saved.review,
    rating: saved.rating,
    visited: saved.visited === 1,
    updated_at: iso(saved.updated_at),
  };
}

/** A page of spots with their photos: one query for the photos of the whole page. */
export async function presentSpots(db: Db, rows: SpotRow[]): Promise<Review[]> {
  const photos = await photosOfSpots(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentSpot(row, photos.get(row.id) ?? []));
}

/** A spot's photo columns, read beside its own by a left join (null where it has none). */
const PHOTO_COLUMNS = [
  'ph.id as photo_id',
  'ph.width as photo_width',
  'ph.height as photo_height',
] as const;

/**
 * Spots with their places and photos, in the order `presentJoinedSpots` reads them: one
 * row per photo (one with nulls for a spot without), by spot, then photo position and id.
 * The caller adds which spots.
 */
export const spotsWithPhotos = (db: Db) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .leftJoin('photos as ph', 'ph.review_id', 'r.id')
    .select([...SPOT_COLUMNS, ...PHOTO_COLUMNS])
    .orderBy('r.id')
    .orderBy('ph.position')
    .orderBy('ph.id');

export interface JoinedPhoto {
  photo_id: number | null;
  photo_width: number | null;
  photo_height: number | null;
}

/**
 * Spots read with their photos in one statement (`spotsWithPhotos`): each spot once, in the
 * rows' order, photos cover first; one round trip less than `presentSpots` on the spot page
 * and a page's unkept cards (decision 023, session 14).
 */
export function presentJoinedSpots(rows: (SpotRow & JoinedPhoto)[]): Review[] {
  const spots: Review[] = [];
  for (let i = 0; i < rows.length;) {
    const spot = rows[i]!;
    const photos: Photo[] = [];
    for (; i < rows.length && rows[i]!.id === spot.id; i++) {
      const { photo_id: id, photo_width: width, photo_height: height } = rows[i]!;
      if (id !== null) photos.push(presentPhoto({ id, width: width!, height: height! }));
    }
    spots.push(presentSpot(spot, photos));
  }
  return spots;
}
