import { z } from 'zod';
import { idSchema } from './input-rules.ts';
import { PHOTO_LIMITS } from './photo-limits.ts';

// Moved to a zod-free module (pages that only show photos must not load zod); kept here
// for the importers of this module.
export { locationPicturePath, PHOTO_LIMITS, PHOTO_MESSAGES } from './photo-limits.ts';

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

/** The answer to a reorder: the spot's photos in their new order, cover first. */
export const photoListSchema = z.array(photoSchema);
