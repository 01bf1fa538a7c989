import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '@/lib/api.ts';
import type { ListTarget } from '../api/list-target.ts';

/**
 * Why `?list=` can't be used, in words, or null when it can (or is still loading).
 * The spot can still be saved: it just won't go onto the list.
 */
export function listProblem(
  list: UseQueryResult<ListTarget>,
  target: ListTarget | null,
): string | null {
  if (list.isPending) return null;
  if (list.isError) {
    return isApiError(list.error) && list.error.status === 404
      ? "We couldn't find that list. Your spot will be saved without it."
      : 'That list could not be loaded. Your spot will be saved without it.';
  }
  return target
    ? null
    : 'You can only add spots to your own lists. Your spot will be saved without it.';
}
