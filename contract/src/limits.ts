/** Business constants and limits of spec §9, in one place for server and web. */
export const LIMITS = {
  listName: 25,
  listDescription: 1000,
  review: 800,
  passwordMin: 8,
  passwordMax: 255,
  email: 255,
  usernameMin: 2,
  usernameMax: 40,
  cardPlaceName: 30,
  cardReviewText: 150,
  markerTitle: 14,
} as const;

/** Remaining-count indicators turn to a warning at this many characters left. */
export const WARN_AT_REMAINING = { listName: 5, listDescription: 20, review: 20 } as const;

export const PAGE_SIZE = { lists: 5, savedLists: 5, reviews: 20, reviewsMax: 100 } as const;

export const TIMINGS = {
  autocompleteDebounceMs: 300,
  locationPollMs: 100,
  rowHighlightMs: 1500,
} as const;

export const MAP = {
  boundsPaddingRatio: 0.02,
  minLatSpan: 0.0045,
  minLngSpan: 0.0055,
  placeSearchBoxDegrees: 0.15,
  photoSize: 800,
} as const;
