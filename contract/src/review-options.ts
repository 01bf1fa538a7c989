/**
 * The gallery's sort and filter choices and an empty metadata answer, without zod: the
 * front page's gallery controls need them, and importing a schema module there would load
 * zod on that page (docs/decisions/024-shared-list-on-a-phone.md). reviews.ts re-exports them.
 */
import type { Metadata } from './reviews.ts';

export const REVIEW_SORTS = ['newest', 'oldest', 'highest_rating', 'lowest_rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const VISITED_FILTERS = ['both', 'true', 'false'] as const;
export type VisitedFilter = (typeof VISITED_FILTERS)[number];

export const EMPTY_METADATA: Metadata = {
  saved_list_count: 0,
  review_count: 0,
  list_count: 0,
  types: [],
  cities: [],
  countries: [],
};
