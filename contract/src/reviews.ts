import { z } from 'zod';
import { idSchema, text } from './input-rules.ts';
import { LIMITS, PAGE_SIZE } from './limits.ts';
import { photoSchema } from './photos.ts';
import { placeDetailsSchema } from './places.ts';
import { REVIEW_SORTS, VISITED_FILTERS } from './review-options.ts';

// Moved to a zod-free module (the gallery's controls and the front page must not load zod);
// kept here for the importers of this module.
export {
  EMPTY_METADATA,
  REVIEW_SORTS,
  VISITED_FILTERS,
  type ReviewSort,
  type VisitedFilter,
} from './review-options.ts';

/**
 * Spec §5's review text verbatim. "shorter than 800" is read together with "max 800"
 * and "inputs stop accepting characters past the limits" (the web textarea's maxLength
 * is LIMITS.review): exactly 800 characters are accepted, 801 are refused. Lists read
 * their "shorter than 25" the same way (lists.ts).
 */
export const REVIEW_MESSAGES = {
  reviewTooLong: 'Review must be shorter than 800 characters',
  ratingRange: 'Rating must be a whole number from 0 to 5.',
  visitedBoolean: 'Visited must be true or false.',
  listIds: 'Lists must be a list of list ids.',
  alreadyReviewed: 'You already have a spot for this place.',
  unknownPlace: 'Unknown place',
  spotNotFound: 'Spot not found.',
  notYourList: 'You can only put spots on your own lists.',
  sortBy: 'sortBy must be one of newest, oldest, highest_rating, lowest_rating.',
  visitedFilter: 'visited must be one of both, true, false.',
} as const;

export const reviewTextSchema = text().trim().max(LIMITS.review, REVIEW_MESSAGES.reviewTooLong);
/** 0 means "no rating" (spec §3); the stars can be reset to it. */
export const ratingSchema = z
  .number({ error: REVIEW_MESSAGES.ratingRange })
  .int(REVIEW_MESSAGES.ratingRange)
  .min(0, REVIEW_MESSAGES.ratingRange)
  .max(5, REVIEW_MESSAGES.ratingRange);
export const visitedSchema = z.boolean({ error: REVIEW_MESSAGES.visitedBoolean });

/** A list id as the web sends it: a number, or its decimal string. */
export const listIdSchema = idSchema(REVIEW_MESSAGES.listIds);

/** The create form: text, stars and the flag; a new spot defaults to "want to go". */
export const reviewFormSchema = z.object({
  review: reviewTextSchema.default(''),
  rating: ratingSchema.default(0),
  visited: visitedSchema.default(false),
});
export type ReviewForm = z.input<typeof reviewFormSchema>;

/** PUT: any of the fields; `lists` is the full set of the caller's lists holding the spot. */
export const reviewUpdateSchema = z.object({
  review: reviewTextSchema.optional(),
  rating: ratingSchema.optional(),
  visited: visitedSchema.optional(),
  lists: z.array(listIdSchema, { error: REVIEW_MESSAGES.listIds }).max(1000).optional(),
});
export type ReviewUpdateBody = z.output<typeof reviewUpdateSchema>;

/**
 * Only `place.id` is read: details come from the places provider (or the caller's own
 * custom place), never from the client's copy, which is accepted and ignored.
 */
export const createPlaceReviewSchema = z.object({
  place: z.object({ id: text().trim().min(1).max(300) }),
  review: reviewFormSchema.default({ review: '', rating: 0, visited: false }),
  list_id: listIdSchema.nullish(),
});

export const reviewSchema = z.object({
  id: z.number(),
  /** the author's user id */
  user: z.number(),
  review: z.string(),
  rating: z.number(),
  visited: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  place_details: placeDetailsSchema,
  /** the author's photos, cover first (runtime contract §8) */
  photos: z.array(photoSchema),
});
export type Review = z.infer<typeof reviewSchema>;

export const createdReviewSchema = reviewSchema.extend({ firstSpot: z.boolean() });
export type CreatedReview = z.infer<typeof createdReviewSchema>;

/** '' from an empty filter box means "no filter". */
const filterText = text()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

/**
 * GET /api/reviews/review/. Unknown sortBy / visited values are refused (400), not
 * silently replaced. `limit` above 100 is capped, as the contract says ("capped at 100").
 * The seed's client also sends `count`, which means nothing to the server.
 */
export const reviewListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(PAGE_SIZE.reviews)
    .transform((n) => Math.min(n, PAGE_SIZE.reviewsMax)),
  search: filterText,
  type: filterText,
  city: filterText,
  country: filterText,
  sortBy: z.enum(REVIEW_SORTS, { error: REVIEW_MESSAGES.sortBy }).default('newest'),
  visited: z.enum(VISITED_FILTERS, { error: REVIEW_MESSAGES.visitedFilter }).default('both'),
  count: text().max(200).optional(),
});
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

export const reviewsPageSchema = z.object({ count: z.number(), results: z.array(reviewSchema) });
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

export const metadataSchema = z.object({
  saved_list_count: z.number(),
  review_count: z.number(),
  list_count: z.number(),
  types: z.array(z.string()),
  cities: z.array(z.string()),
  countries: z.array(z.string()),
});
export type Metadata = z.infer<typeof metadataSchema>;

/** A list holding a spot (for-review): enough to link to it. */
export const reviewListRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  shareable_by_link: z.boolean(),
});
export const reviewListRefsSchema = z.array(reviewListRefSchema);
export type ReviewListRef = z.infer<typeof reviewListRefSchema>;
