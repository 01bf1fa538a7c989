import {
  locationPicturePath,
  PHOTO_LIMITS,
  type Photo,
  type PlaceDetails,
} from '@spotbook/contract';

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

/** Only our own paths: a photo's URLs come from the server, never from another origin. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** The stored thumbnail's size: the large version scaled to fit 400 px, never enlarged. */
export function thumbSize(photo: Pick<Photo, 'width' | 'height'>) {
  const scale = Math.min(1, PHOTO_LIMITS.thumbSide / Math.max(photo.width, photo.height, 1));
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}

/**
 * `srcset` for a photo: the thumbnail and the 1,600 px large version, each with its real
 * width (a portrait photo's thumbnail is narrower than 400 px), so the browser fetches
 * the large one only when the box, times the screen's density, needs it.
 */
export function photoSrcSet(photo: Photo): string {
  const thumbWidth = thumbSize(photo).width;
  return `${photo.thumb_url} ${thumbWidth}w, ${photo.url} ${Math.max(photo.width, thumbWidth + 1)}w`;
}

export interface SpotPicture {
  src: string;
  /** the same picture in the dark theme, for a `<source>` a dark-mode screen picks */
  darkSrc?: string;
  /** what the picture is, for tests and for the alt text */
  kind: 'photo' | 'place' | 'location';
}

export interface PictureSpot {
  photos?: readonly Photo[];
  place_details: Pick<PlaceDetails, 'previewImageUrl' | 'cached_preview_image' | 'lat' | 'lng'>;
}

/**
 * What a card shows (issue 13): the author's cover photo first, then the provider's
 * picture of the place, then a picture of the spot's own location drawn by the server,
 * so a list without photos is still recognisable at a glance. The missing-place image is
 * only the fallback when a picture fails to load.
 *
 * A cover is its thumbnail alone, with no srcset to the large version: a card's box is
 * 112–440 CSS px, so on a screen of density 2 (a laptop, a tablet) the browser would take
 * the 1,600 px version for every card, ~130 KB each, 2.5 MB for a list of 20 instead of
 * the ~320 KB of their thumbnails (target: under 600 KB; decision 021, 2026-11-23). The
 * spot page's cover and the lightbox, one big picture each, keep the srcset.
 */
export function spotPicture(spot: PictureSpot): SpotPicture {
  const cover = spot.photos?.[0];
  if (cover && isOwnPath(cover.url) && isOwnPath(cover.thumb_url)) {
    return { src: cover.thumb_url, kind: 'photo' };
  }
  const place = spot.place_details;
  const provided = spotImageUrl(place);
  if (provided !== MISSING_PLACE_IMAGE) return { src: provided, kind: 'place' };
  const location = locationPicturePath(place.lat, place.lng);
  return { src: location, darkSrc: `${location}?theme=dark`, kind: 'location' };
}

/**
 * `onError` of a spot's <img>: the missing-place image instead. The srcset goes too, and
 * a dark-theme `<source>` beside it points at the same image, or the browser would keep
 * choosing from them and never show the new src.
 */
export function showMissingImage(image: HTMLImageElement) {
  if (image.src.endsWith(MISSING_PLACE_IMAGE)) return;
  image.removeAttribute('srcset');
  for (const source of image.parentElement?.querySelectorAll('source') ?? []) {
    source.srcset = MISSING_PLACE_IMAGE;
  }
  image.src = MISSING_PLACE_IMAGE;
}
