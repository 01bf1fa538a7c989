import type { PlaceDetails, ReviewListRef } from '@spotbook/contract';
// Relative imports: the unit test project runs this file without the '@/' alias.
import { withQuery } from '../../../lib/query-string.ts';
import { isSafeListId } from '../../../lib/safe-redirect.ts';

/** `/reviews/:reviewId` takes a positive whole number; anything else is not a spot. */
export function parseReviewId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

/** Turn-by-turn directions to the place in Google Maps. */
export function directionsUrl(place: Pick<PlaceDetails, 'lat' | 'lng' | 'googleMapsURI'>): string {
  if (Number.isFinite(place.lat) && Number.isFinite(place.lng)) {
    const destination = `${place.lat},${place.lng}`;
    return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
  }
  return place.googleMapsURI.startsWith('https://') ? place.googleMapsURI : '';
}

/** A list's page: by slug when shared by link, by id otherwise (spec §2). */
export function listPath(list: Pick<ReviewListRef, 'id' | 'slug' | 'shareable_by_link'>): string {
  return `/lists/${encodeURIComponent(list.shareable_by_link && list.slug ? list.slug : String(list.id))}`;
}

/** Where the spot was opened from: `?list=` (Back to List) and a carried `listId`. */
export interface SpotOrigin {
  list: string | null;
  listId: string | null;
}

/** Reads the origin; only values that can only name one of our lists are kept. */
export function readSpotOrigin(search: URLSearchParams): SpotOrigin {
  const list = search.get('list');
  const listId = search.get('listId');
  return {
    list: isSafeListId(list) ? list : null,
    listId: isSafeListId(listId) ? listId : null,
  };
}

/** A path of the spot's own pages, carrying the origin along. */
export function spotPath(id: number, origin: SpotOrigin, suffix: '' | '/delete' = ''): string {
  return withQuery(`/reviews/${id}${suffix}`, {
    list: origin.list ?? undefined,
    listId: origin.listId ?? undefined,
  });
}

export function backToListPath(origin: SpotOrigin): string | null {
  return origin.list ? `/lists/${encodeURIComponent(origin.list)}` : null;
}
