import {
  PAGE_SIZE,
  REVIEW_SORTS,
  VISITED_FILTERS,
  type ReviewSort,
  type VisitedFilter,
} from '@spotbook/contract';
import type { ReviewsPageQuery } from '../api/reviews-page.ts';

/** The My Spots view as the URL holds it: `?q=&type=&city=&country=&visited=&sort=&page=`. */
export interface GalleryParams {
  q: string;
  type: string;
  city: string;
  country: string;
  visited: VisitedFilter;
  sort: ReviewSort;
  /** 1-based */
  page: number;
}

export const DEFAULT_GALLERY_PARAMS: GalleryParams = {
  q: '',
  type: '',
  city: '',
  country: '',
  visited: 'both',
  sort: 'newest',
  page: 1,
};

/** As long as the API accepts for a search or filter value. */
const MAX_TEXT = 200;
/** Far beyond any real page; keeps the offset inside what the API accepts. */
const MAX_PAGE = 100_000;

function text(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_TEXT);
}

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

function pageNumber(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Reads the view from the URL; anything invalid falls back to its default. */
export function parseGalleryParams(search: URLSearchParams): GalleryParams {
  return {
    q: text(search.get('q')),
    type: text(search.get('type')),
    city: text(search.get('city')),
    country: text(search.get('country')),
    visited: oneOf(VISITED_FILTERS, search.get('visited'), 'both'),
    sort: oneOf(REVIEW_SORTS, search.get('sort'), 'newest'),
    page: pageNumber(search.get('page')),
  };
}

/**
 * Writes the view into a query string, leaving out defaults so the plain home URL stays
 * `/`. Parameters that are not ours are kept.
 */
export function writeGalleryParams(
  params: GalleryParams,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of Object.keys(DEFAULT_GALLERY_PARAMS) as Array<keyof GalleryParams>) {
    const value = params[key];
    if (value === DEFAULT_GALLERY_PARAMS[key] || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Any change but the page itself starts again at page 1 (spec §4). */
export function changeGalleryParams(
  current: GalleryParams,
  change: Partial<GalleryParams>,
): GalleryParams {
  return { ...current, ...change, page: change.page ?? 1 };
}

/** True when nothing narrows the view: an empty result then means "no spots at all". */
export function isUnfiltered(params: GalleryParams): boolean {
  return !params.q && !params.type && !params.city && !params.country && params.visited === 'both';
}

/** How many filters (not search or sort) are set: the phone's "Filters (2)" badge. */
export function activeFilterCount(params: GalleryParams): number {
  return [params.type, params.city, params.country, params.visited !== 'both'].filter(Boolean)
    .length;
}

/** The API query for the view: offset = page size × (page − 1) (spec §9). */
export function toReviewsQuery(params: GalleryParams): ReviewsPageQuery {
  const query: ReviewsPageQuery = {
    offset: PAGE_SIZE.reviews * (params.page - 1),
    limit: PAGE_SIZE.reviews,
    sortBy: params.sort,
    visited: params.visited,
  };
  if (params.q) query.search = params.q;
  if (params.type) query.type = params.type;
  if (params.city) query.city = params.city;
  if (params.country) query.country = params.country;
  return query;
}
