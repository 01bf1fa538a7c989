import type { ListsPage } from '@spotbook/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { OWNER_LISTS_KEY } from './keys.ts';

/** The most lists the edit form offers as checkboxes (the API's page cap). */
export const OWNER_LISTS_LIMIT = 100;

/** `GET /api/lists/list/?limit=100`: the caller's own lists, for the edit checkboxes. */
export const ownerListsQuery = queryOptions({
  queryKey: OWNER_LISTS_KEY,
  queryFn: ({ signal }) =>
    apiFetch<ListsPage>('/api/lists/list/', { query: { limit: OWNER_LISTS_LIMIT }, signal }),
});
