import type { SavedListsPage } from '@spotbook/contract';
import { PAGE_SIZE } from '@spotbook/contract/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOffset } from '@/components/pager.ts';
import { apiFetch } from '@/lib/api.ts';
import { listKeys } from './keys.ts';

/**
 * `GET /api/saved_lists/saved_list/`: the lists the user follows, pages of 5. Spec §8: a
 * failure is only logged ('no saved lists'), as a warning so it never reads as a crash.
 */
export async function fetchSavedLists(page: number, search: string, signal?: AbortSignal) {
  try {
    return await apiFetch<SavedListsPage>('/api/saved_lists/saved_list/', {
      query: {
        offset: pageOffset(page, PAGE_SIZE.savedLists),
        limit: PAGE_SIZE.savedLists,
        search,
      },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.warn('no saved lists');
    throw error;
  }
}

export function useSavedLists(page: number, search: string) {
  return useQuery({
    queryKey: listKeys.saved(page, search),
    queryFn: ({ signal }) => fetchSavedLists(page, search, signal),
    placeholderData: keepPreviousData,
  });
}
