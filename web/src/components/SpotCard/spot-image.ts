import type { PlaceDetails } from '@spotbook/contract';

/** The spec's fallback when a place has no image. */
export const MISSING_PLACE_IMAGE = '/missing-place.svg';

/**
 * The picture to show for a place: the server's cached copy, else the missing-place
 * image. Only our own paths and https URLs are used, so a stray value can neither load
 * something over plain http nor point an <img> at a `javascript:` or `data:` URL.
 */
export function spotImageUrl(
  place: Pick<PlaceDetails, 'previewImageUrl' | 'cached_preview_image'>,
): string {
  for (const candidate of [place.cached_preview_image, place.previewImageUrl]) {
    if (!candidate) continue;
    if (candidate.startsWith('/') && !candidate.startsWith('//')) return candidate;
    if (candidate.startsWith('https://')) return candidate;
  }
  return MISSING_PLACE_IMAGE;
}
