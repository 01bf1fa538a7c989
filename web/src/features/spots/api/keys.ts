import type { ReviewListQuery } from '@spotbook/contract';

/**
 * Query keys of everything spot-shaped. After any spot change, invalidating
 * `spotKeys.all` and `METADATA_KEY` refreshes every gallery, spot page and filter.
 */
export const spotKeys = {
  all: ['reviews'] as const,
  pages: () => [...spotKeys.all, 'page'] as const,
  page: (query: Partial<ReviewListQuery>) => [...spotKeys.pages(), query] as const,
  detail: (id: number) => [...spotKeys.all, 'detail', id] as const,
  /** The lists holding a spot (for-review). */
  lists: (id: number) => [...spotKeys.detail(id), 'lists'] as const,
};

/** Shared with the rest of the app by name: the lists feature reads the same counts. */
export const METADATA_KEY = ['metadata'] as const;

/**
 * The caller's own lists for the edit form's checkboxes. Under 'lists', so the lists
 * feature's `invalidateQueries({ queryKey: ['lists'] })` refreshes it too.
 */
export const OWNER_LISTS_KEY = ['lists', 'spot-edit-choices'] as const;
