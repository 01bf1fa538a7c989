import type { ListDetail } from '@spotbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { listKeys } from './keys.ts';

/** `GET /api/lists/list/{id or slug}`: the list with its spots, newest-added first. */
export function listQuery(key: string) {
  return queryOptions({
    queryKey: listKeys.detail(key),
    queryFn: ({ signal }) =>
      apiFetch<ListDetail>(`/api/lists/list/${encodeURIComponent(key)}`, { signal }),
  });
}

export function useList(key: string) {
  return useQuery(listQuery(key));
}
