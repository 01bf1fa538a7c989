import { z } from 'zod';
import { idSchema } from './input-rules.ts';

/** Runtime contract §8 and issue 13's limits (the account quota is configurable on the server). */
export const PHOTO_LIMITS = {
  fileBytes: 15 * 1024 * 1024,
  megapixels: 50,
  perSpot: 20,
  accountBytesDefault: 500 * 1024 * 1024,
  /** longest side of the stored large version and of the thumbnail */
  largeSide: 1600,
  thumbSide: 400,
} as const;

export const photoSchema = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  thumb_url: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

/** `PUT /api/reviews/review/{id}/photos/order/`: every photo id of the spot, cover first. */
export const photoOrderSchema = z.object({
  ids: z.array(idSchema()).max(PHOTO_LIMITS.perSpot),
});

/**
 * The small picture of a spot's own location that a card shows when the spot has no
 * photo (issue 13): drawn by the server from the offline basemap. Coordinates are rounded
 * to 3 decimals (~100 m) so the picture is shared by every spot there and cacheable.
 */
export function locationPicturePath(lat: number, lng: number): string {
  return `/api/pictures/location/${lat.toFixed(3)}/${lng.toFixed(3)}.png`;
}
