import type { Insertable, Selectable } from 'kysely';
import type { PlaceDetails } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import type { PlacesTable } from '../../db/schema.ts';
import { clock } from '../../lib/clock.ts';
import { placePhotoPath } from './photo-path.ts';
import type { PlacesProvider, ProviderPlace } from './provider.ts';

/**
 * Place rows ↔ PlaceDetails. A place id is stored once, from the provider (or, for a
 * `custom:` pin, by its owner): one user's request never changes what others see.
 */
export type PlaceRow = Selectable<PlacesTable>;

export const CUSTOM_PREFIX = 'custom:';
export const isCustomPlaceId = (id: string) => id.startsWith(CUSTOM_PREFIX);

/** The columns a client sees of a place. */
export type PlaceDetailsColumns = Pick<
  PlaceRow,
  | 'id'
  | 'display_name'
  | 'formatted_address'
  | 'city'
  | 'country'
  | 'lat'
  | 'lng'
  | 'primary_type'
  | 'website_uri'
  | 'google_maps_uri'
  | 'editorial_summary'
  | 'cached_preview_image'
>;

export const placeDetailsFromRow = (row: PlaceDetailsColumns) => placeDetails(row.id, row);

/** For rows that carry the place id under another name (a review joined to its place). */
export function placeDetails(id: string, row: Omit<PlaceDetailsColumns, 'id'>): PlaceDetails {
  return {
    id,
    displayName: row.display_name,
    formattedAddress: row.formatted_address,
    city: row.city,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    primaryType: row.primary_type,
    websiteURI: row.website_uri,
    googleMapsURI: row.google_maps_uri,
    editorialSummary: row.editorial_summary,
    // Only our own cached copy is ever handed out (contract §4, preview images).
    previewImageUrl: row.cached_preview_image,
    cached_preview_image: row.cached_preview_image,
  };
}

export function placeRowFromProvider(place: ProviderPlace, now: number): Insertable<PlacesTable> {
  return {
    id: place.id,
    provider: place.id.split(':', 1)[0] ?? 'unknown',
    display_name: place.displayName,
    formatted_address: place.formattedAddress,
    city: place.city,
    country: place.country,
    lat: place.lat,
    lng: place.lng,
    primary_type: place.primaryType,
    website_uri: place.websiteURI,
    google_maps_uri: place.googleMapsURI,
    editorial_summary: place.editorialSummary,
    photo_ref: place.photoRef,
    // Where our cached copy is served (photo-routes.ts, fetched on first request), so
    // every presenter's previewImageUrl points at it; '' = no photo, missing-place image.
    cached_preview_image: place.photoRef ? placePhotoPath(place.id) : '',
    owner_id: null,
    created_at: now,
  };
}

export async function findPlace(db: Db, id: string): Promise<PlaceRow | undefined> {
  return db.selectFrom('places').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a provider's place unless the id is already stored; the stored row wins. */
export async function storeProviderPlace(db: Db, place: ProviderPlace): Promise<PlaceRow> {
  if (isCustomPlaceId(place.id)) throw new Error('custom places are not provider places');
  await db
    .insertInto('places')
    .values(placeRowFromProvider(place, clock.now()))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await findPlace(db, place.id);
  if (!row) throw new Error(`place ${place.id} vanished after insert`);
  return row;
}

/**
 * The place a user may put a spot on, by id: their own custom pin, a place already
 * stored, or one the provider knows (stored now). Null for anything else, including
 * someone else's custom pin, which must look exactly like an unknown id.
 */
export async function placeForUser(
  db: Db,
  provider: Pick<PlacesProvider, 'getPlace'> | undefined,
  userId: number,
  id: string,
): Promise<PlaceRow | null> {
  return placeForUserFromStored(db, provider, userId, id, await findPlace(db, id));
}

/** `placeForUser`, given the stored row of `id` (undefined: none), read by the caller. */
export async function placeForUserFromStored(
  db: Db,
  provider: Pick<PlacesProvider, 'getPlace'> | undefined,
  userId: number,
  id: string,
  stored: PlaceRow | undefined,
): Promise<PlaceRow | null> {
  if (isCustomPlaceId(id)) return stored?.owner_id === userId ? stored : null;
  if (stored) return stored;
  const fetched = await provider?.getPlace(id);
  return fetched && fetched.id === id ? storeProviderPlace(db, fetched) : null;
}

/** `user_review` of GET /api/places/place/{id}: the caller's spot of that place, if any. */
export async function userReviewOfPlace(
  db: Db,
  userId: number,
  placeId: string,
): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('place_id', '=', placeId)
    .executeTakeFirst();
  return row ?? null;
}
