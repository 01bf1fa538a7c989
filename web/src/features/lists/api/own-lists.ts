import type { ListsPage } from '@spotbook/contract';
import { PAGE_SIZE } from '@spotbook/contract/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOffset } from '@/components/pager.ts';
import { apiFetch } from '@/lib/api.ts';
import { listKeys } from './keys.ts';

/** `GET /api/lists/list/`: the signed-in user's lists, pages of 5 (spec §7, §9). */
export function fetchOwnLists(page: number, search: string, signal?: AbortSignal) {
  return apiFetch<ListsPage>('/api/lists/list/', {
    query: { offset: pageOffset(page, PAGE_SIZE.lists), limit: PAGE_SIZE.lists, search },
    signal,
  });
}

export function useOwnLists(page: number, search: string) {
  return useQuery({
    queryKey: listKeys.own(page, search),
    queryFn: ({ signal }) => fetchOwnLists(page, search, signal),
    // Typing in the search box keeps the last rows on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
