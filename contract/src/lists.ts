import { z } from 'zod';
import { LIMITS, PAGE_SIZE } from './limits.ts';
import { idSchema, text } from './input-rules.ts';
import { reviewSchema } from './reviews.ts';

/** Longest note on a list entry ("why this spot is on this list"). */
export const LIST_NOTES_MAX = 280;

/**
 * Spec §5's texts verbatim. "shorter than 25" is read together with "max 25" and
 * "inputs stop accepting characters past the limits": the web input's maxLength is
 * LIMITS.listName, so a name of exactly 25 characters is accepted, 26 is refused.
 */
export const LIST_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be shorter than 25 characters.',
  descriptionTooLong: 'Description must be shorter than 1000 characters.',
  notesTooLong: `Notes must be ${LIST_NOTES_MAX} characters or fewer.`,
  notPublic: 'This list is not public',
  notPublicHint: 'If a friend sent you this list, ask them to make it public!',
  listNotFound: 'List not found.',
  notOwner: 'You can only change your own lists.',
  notListOwner: 'You can only add spots to your own lists.',
  spotNotFound: 'Spot not found.',
  alreadyOnList: 'This spot is already on this list.',
  notOnList: 'This spot is not on this list.',
  followOwnList: 'You cannot follow your own list.',
  notFollowing: 'You are not following this list.',
  invalidId: 'Must be the id of a list or spot.',
} as const;

export const listFormSchema = z.object({
  name: text({ error: LIST_MESSAGES.nameRequired })
    .trim()
    .min(1, LIST_MESSAGES.nameRequired)
    .max(LIMITS.listName, LIST_MESSAGES.nameTooLong),
  description: text()
    .trim()
    .max(LIMITS.listDescription, LIST_MESSAGES.descriptionTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  shareable_by_link: z.boolean().default(false),
});
export type ListBody = z.output<typeof listFormSchema>;

/** PATCH sends any subset, e.g. only `shareable_by_link` from the share modal. */
export const listUpdateSchema = z.object({
  name: listFormSchema.shape.name.optional(),
  description: listFormSchema.shape.description.optional(),
  shareable_by_link: z.boolean().optional(),
});
export type ListUpdateBody = z.output<typeof listUpdateSchema>;

/**
 * `offset`, `limit` and `search` of the two paged list calls. `limit` defaults to 5 and
 * is capped at 100 (not refused), like the reviews query.
 */
export const listPageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(PAGE_SIZE.lists)
    .transform((n) => Math.min(n, PAGE_SIZE.reviewsMax)),
  search: text().trim().max(200).optional(),
});
export type ListPageQuery = z.output<typeof listPageQuerySchema>;

export const listSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  shareable_by_link: z.boolean(),
  slug: z.string(),
  /** owner's user id (spec §3) */
  user: z.number(),
  owner_username: z.string(),
  spot_count: z.number(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const listsPageSchema = z.object({
  count: z.number(),
  results: z.array(listSummarySchema),
});
export type ListsPage = z.infer<typeof listsPageSchema>;

/** A spot as shown on a list: the review and its place, plus the entry's date and note. */
export const listSpotSchema = reviewSchema.extend({
  added_to_list_at: z.string(),
  notes: z.string(),
});
export type ListSpot = z.infer<typeof listSpotSchema>;

export const listDetailSchema = listSummarySchema.extend({ reviews: z.array(listSpotSchema) });
export type ListDetail = z.infer<typeof listDetailSchema>;

export const savedListSchema = z.object({
  id: z.number(),
  list_id: z.number(),
  list_name: z.string(),
  list_description: z.string(),
  /** the list's current slug: `{owner}-{list name}` */
  list_slug: z.string(),
  /** same as list_slug (the seed's field name for the link target) */
  slug: z.string(),
  owner_username: z.string(),
  created_at: z.string(),
});
export type SavedList = z.infer<typeof savedListSchema>;

export const savedListsPageSchema = z.object({
  count: z.number(),
  results: z.array(savedListSchema),
});
export type SavedListsPage = z.infer<typeof savedListsPageSchema>;

export const savedListCreateSchema = z.object({ list_slug: text().trim().min(1).max(200) });

/** An id as the web sends it: a number or its decimal string (never `true`, `''`, …). */
const idField = idSchema(LIST_MESSAGES.invalidId);

export const listReviewCreateSchema = z.object({
  list: idField,
  review: idField,
  notes: text()
    .trim()
    .max(LIST_NOTES_MAX, LIST_MESSAGES.notesTooLong)
    .nullish()
    .transform((v) => v ?? ''),
});

export const listReviewSchema = z.object({
  id: z.number(),
  list: z.number(),
  review: z.number(),
  notes: z.string(),
  added_to_list_at: z.string(),
});
export type ListReview = z.infer<typeof listReviewSchema>;

/** The example lists shown in an empty Followed Lists section. */
export const exampleListSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  owner_username: z.string(),
  spot_count: z.number(),
});
export const exampleListsSchema = z.object({ results: z.array(exampleListSchema) });
export type ExampleList = z.infer<typeof exampleListSchema>;
