import type { ReviewListQuery } from '@spotbook/contract';
import { sharedKeys } from '@/lib/query-keys.ts';

/**
 * Query keys of everything spot-shaped. After any spot change, invalidating
 * `spotKeys.all` and `METADATA_KEY` refreshes every gallery, spot page and filter.
 */
export const spotKeys = {
  all: sharedKeys.spots,
  pages: () => [...spotKeys.all, 'page'] as const,
  page: (query: Partial<ReviewListQuery>) => [...spotKeys.pages(), query] as const,
  detail: sharedKeys.spot,
  /** The lists holding a spot (for-review). */
  lists: sharedKeys.spotLists,
};

/** Shared with the rest of the app: the lists feature reads the same counts. */
export const METADATA_KEY = sharedKeys.metadata;

/**
 * The caller's own lists for the edit form's checkboxes. Under the lists root, so every
 * list write refreshes it too.
 */
export const OWNER_LISTS_KEY = [...sharedKeys.lists, 'spot-edit-choices'] as const;
