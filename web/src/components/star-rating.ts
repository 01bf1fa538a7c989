export const MAX_STARS = 5;

/** Spec §5: ratings below 1 or missing show no stars; others are whole stars up to 5. */
export function shownStars(rating: number | null | undefined): number {
  if (rating === null || rating === undefined || !Number.isFinite(rating) || rating < 1) return 0;
  return Math.min(MAX_STARS, Math.round(rating));
}
