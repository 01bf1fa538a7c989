import { sql, type Expression, type SqlBool } from 'kysely';
import type { ReviewSort, VisitedFilter } from '@spotbook/contract';
import { lowRatingKeySql } from '../../db/migrations/002_reviews_search.ts';
import { queryWords } from './search-text.ts';

/** The gallery's query (ReviewListQuery once parsed); absent filters are undefined. */
export interface GalleryQuery {
  offset: number;
  limit: number;
  sortBy: ReviewSort;
  visited: VisitedFilter;
  search?: string;
  type?: string;
  city?: string;
  country?: string;
}

export type SortKey = [Expression<unknown>, 'asc' | 'desc'];

/** `keys` as the list of an ORDER BY (of a query, or of an aggregate). */
export const orderBySql = (keys: SortKey[]) =>
  sql.join(keys.map(([key, dir]) => sql`${key} ${sql.raw(dir)}`));

/**
 * Sort keys on alias `r`, each backed by an index of its own (migration 002). They end in
 * id: unique, so pages never overlap, and the order of creation, so "newest" is simply the
 * highest id. Unrated spots (0) come last for "lowest rating" too.
 */
export const SORT_KEYS: Record<ReviewSort, SortKey[]> = {
  newest: [[sql.ref('r.id'), 'desc']],
  oldest: [[sql.ref('r.id'), 'asc']],
  highest_rating: [
    [sql.ref('r.rating'), 'desc'],
    [sql.ref('r.id'), 'desc'],
  ],
  lowest_rating: [
    [sql.raw(lowRatingKeySql('r.rating')), 'asc'],
    [sql.ref('r.id'), 'desc'],
  ],
};

/**
 * Each query order read backwards (the same indexes, walked from their other end): a page
 * near the end of the order is a short walk from there.
 */
export const REVERSED_SORT_KEYS: Record<ReviewSort, SortKey[]> = Object.fromEntries(
  Object.entries(SORT_KEYS).map(([sort, keys]) => [
    sort,
    keys.map(([key, dir]): SortKey => [key, dir === 'asc' ? 'desc' : 'asc']),
  ]),
) as Record<ReviewSort, SortKey[]>;

/** Whether the query narrows by a place's type, city or country. */
export const hasPlaceFilter = (q: GalleryQuery) =>
  q.type !== undefined || q.city !== undefined || q.country !== undefined;

/** A search with no other filter. */
export const isSearchOnly = (q: GalleryQuery) =>
  queryWords(q.search).length > 0 && !hasPlaceFilter(q) && q.visited === 'both';

/** The exact-match filters as conditions on alias `r` (the reviews table or search hits). */
export function filterConditions(q: GalleryQuery): Expression<SqlBool>[] {
  const eq = (column: string, value: string | number) =>
    sql<SqlBool>`${sql.ref(`r.${column}`)} = ${value}`;
  const conditions: Expression<SqlBool>[] = [];
  if (q.type !== undefined) conditions.push(eq('place_type', q.type));
  if (q.city !== undefined) conditions.push(eq('place_city', q.city));
  if (q.country !== undefined) conditions.push(eq('place_country', q.country));
  if (q.visited !== 'both') conditions.push(eq('visited', q.visited === 'true' ? 1 : 0));
  return conditions;
}

/** A position in a sort order: the spot's sort key (gallery-positions.ts). */
export interface SortMark {
  id: number;
  rating: number;
}

/**
 * "At or after `mark` in this order", on alias `r`, as index ranges, so a page seeks to
 * its mark instead of walking the offset. An id order is one range. A rating order is two,
 * read one after the other: the rest of the mark's own rating (ids down from the mark's),
 * then the ratings after it. (A single row-value range `(rating, id) <= (…)` is read by
 * SQLite as `rating <= …` and walks the mark's whole rating first.)
 */
export function seekRanges(sortBy: ReviewSort, mark: SortMark): Expression<SqlBool>[] {
  switch (sortBy) {
    case 'newest':
      return [sql<SqlBool>`r.id <= ${mark.id}`];
    case 'oldest':
      return [sql<SqlBool>`r.id >= ${mark.id}`];
    case 'highest_rating':
      return [
        sql<SqlBool>`r.rating = ${mark.rating} and r.id <= ${mark.id}`,
        sql<SqlBool>`r.rating < ${mark.rating}`,
      ];
    case 'lowest_rating': {
      const key = sql.raw(lowRatingKeySql('r.rating'));
      const at = mark.rating === 0 ? 6 : mark.rating;
      return [sql<SqlBool>`${key} = ${at} and r.id <= ${mark.id}`, sql<SqlBool>`${key} > ${at}`];
    }
  }
}

const lowRating = (rating: number) => (rating === 0 ? 6 : rating);

/**
 * The order of SORT_KEYS in JS: negative when `a` comes before `b`. Used to adjust kept
 * positions after a write (gallery-changes.ts), so it must agree with the SQL exactly.
 */
export const COMPARE_KEYS: Record<ReviewSort, (a: SortMark, b: SortMark) => number> = {
  newest: (a, b) => b.id - a.id,
  oldest: (a, b) => a.id - b.id,
  highest_rating: (a, b) => b.rating - a.rating || b.id - a.id,
  lowest_rating: (a, b) => lowRating(a.rating) - lowRating(b.rating) || b.id - a.id,
};

/** The ratings in the order of a rating sort; within one rating, ids descend (SORT_KEYS). */
const ratingsBy = (sortBy: 'highest_rating' | 'lowest_rating') =>
  [0, 1, 2, 3, 4, 5].sort((a, b) =>
    COMPARE_KEYS[sortBy]({ id: 0, rating: a }, { id: 0, rating: b }),
  );
export const RATINGS_IN_ORDER = {
  highest_rating: ratingsBy('highest_rating'),
  lowest_rating: ratingsBy('lowest_rating'),
};
