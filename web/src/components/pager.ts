/** A page number, or a gap of two or more pages shown as an ellipsis. */
export type PagerItem = number | 'gap-before' | 'gap-after';

/** Spec §9: the pager appears only when the count exceeds the page size. */
export function needsPager(count: number, pageSize: number): boolean {
  return count > pageSize;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Spec §9: offset = page size × (page − 1). */
export function pageOffset(page: number, pageSize: number): number {
  return pageSize * (Math.max(1, Math.floor(page)) - 1);
}

/**
 * The pages to show (spec §9): the first, the last, the current one and its neighbours,
 * with an ellipsis for each gap. A gap of exactly one page shows that page instead,
 * since an ellipsis would take the same room and hide it.
 */
export function pagerItems(currentPage: number, totalPages: number): PagerItem[] {
  const total = Math.max(1, Math.floor(totalPages));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const shown = [...new Set([1, current - 1, current, current + 1, total])]
    .filter((page) => page >= 1 && page <= total)
    .sort((a, b) => a - b);

  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of shown) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push(previous < current ? 'gap-before' : 'gap-after');
    items.push(page);
    previous = page;
  }
  return items;
}
