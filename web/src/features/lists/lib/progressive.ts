/** Cards drawn at once: a 1280 px screen shows at most 3 rows of 4, so 24 covers two screens. */
export const FIRST_BATCH = 24;
/** Each time the reader nears the end, this many more. */
export const NEXT_BATCH = 48;

/** How many cards to draw after `shown`, never past `total`. */
export function nextShown(shown: number, total: number, step = NEXT_BATCH): number {
  return Math.min(total, Math.max(shown, 0) + step);
}

/** The first batch, or everything when the list is short. */
export function firstShown(total: number, first = FIRST_BATCH): number {
  return Math.min(total, first);
}
