/** Spec §4: loading placeholders have 5 lines when the count exceeds the page size, else 3. */
export function skeletonLines(count: number | undefined, pageSize: number): 3 | 5 {
  return count !== undefined && count > pageSize ? 5 : 3;
}
