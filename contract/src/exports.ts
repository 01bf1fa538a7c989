import { z } from 'zod';
import { text } from './input-rules.ts';
import { listSummarySchema, savedListSchema } from './lists.ts';
import { reviewSchema } from './reviews.ts';

/** `GET /api/exports/spots.{format}` with `?list=`: the caller may name a list by id or slug. */
export const exportQuerySchema = z.object({
  list: text().min(1).max(200).optional(),
});

/**
 * `GET /api/exports/account.json` (runtime contract §7): everything the account holds,
 * never the password hash. Photo URLs are absolute (PUBLIC_URL), so the file still says
 * where each photo is when read elsewhere.
 */
export const accountExportSchema = z.object({
  format: z.literal('spotbook-account'),
  version: z.literal(1),
  exported_at: z.string(),
  profile: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    date_joined: z.string(),
  }),
  spots: z.array(reviewSchema),
  lists: z.array(
    listSummarySchema.extend({
      created_at: z.string(),
      updated_at: z.string(),
      /** the list's spots, newest-added first */
      spot_ids: z.array(z.number()),
      /** a spot's note on this list, by spot id (only the non-empty ones) */
      notes: z.record(z.string(), z.string()),
    }),
  ),
  followed_lists: z.array(savedListSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
