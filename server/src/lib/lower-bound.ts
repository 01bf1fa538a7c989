/**
 * The first index of `0..length` for which `before(i)` is false, where `before` is true for
 * a prefix of the indexes and false after it (as "this entry sorts before the value" is in
 * a sorted array): where the value is, or would go. One binary search for every sorted
 * lookup of the server, so none writes its own bounds again.
 */
export function lowerBound(length: number, before: (index: number) => boolean): number {
  let [lo, hi] = [0, length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
