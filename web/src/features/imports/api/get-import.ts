import type { Import } from '@spotbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api.ts';
import { isWorking } from '../lib/progress.ts';
import { importKeys } from './keys.ts';

/** How often the page asks while the server reads and matches. */
export const POLL_MS = 700;

export function importQuery(id: number) {
  return queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Import>(`/api/imports/${id}/`, { signal }),
    // The job runs on the server: ask again until it has nothing more to do by itself.
    refetchInterval: (query) =>
      query.state.data && isWorking(query.state.data.status) ? POLL_MS : false,
    // Keeps polling in a background tab: the bar is right when the person comes back.
    refetchIntervalInBackground: true,
    // An unknown (or someone else's) import is a 404: no point asking again.
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status === 404),
  });
}

/** `GET /api/imports/{id}/`, polled while parsing or matching. */
export function useImport(id: number) {
  return useQuery(importQuery(id));
}
