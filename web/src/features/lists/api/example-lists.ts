import type { ExampleList } from '@spotbook/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { listKeys } from './keys.ts';

/** The two public example lists shown while nothing is followed (spec §4). */
export function useExampleLists() {
  return useQuery({
    queryKey: listKeys.examples,
    queryFn: ({ signal }) =>
      apiFetch<{ results: ExampleList[] }>('/api/lists/examples/', { signal }),
    select: (data) => data.results,
    staleTime: 10 * 60_000,
  });
}
