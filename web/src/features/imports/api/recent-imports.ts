import type { ImportList } from '@spotbook/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { importKeys } from './keys.ts';

/** `GET /api/imports/`: the caller's recent imports, to reopen one still under way. */
export function useRecentImports() {
  return useQuery({
    queryKey: importKeys.recent,
    queryFn: ({ signal }) => apiFetch<ImportList>('/api/imports/', { signal }),
  });
}
