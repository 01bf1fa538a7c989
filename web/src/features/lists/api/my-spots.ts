import { PAGE_SIZE, type ReviewsPage } from '@spotbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOffset } from '@/components/pager.ts';
import { apiFetch } from '@/lib/api.ts';
import { listKeys } from './keys.ts';

/**
 * `GET /api/reviews/review/`: the user's own spots, offered for adding to a list. Kept
 * under this feature's key: the spots feature owns its gallery's queries and keys.
 */
export function useMySpots(page: number, search: string, enabled: boolean) {
  return useQuery({
    queryKey: listKeys.mySpots(page, search),
    queryFn: ({ signal }) =>
      apiFetch<ReviewsPage>('/api/reviews/review/', {
        query: {
          offset: pageOffset(page, PAGE_SIZE.reviews),
          limit: PAGE_SIZE.reviews,
          search,
        },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
