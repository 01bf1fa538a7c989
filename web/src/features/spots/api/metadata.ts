import { EMPTY_METADATA, type Metadata } from '@spotbook/contract';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { useAuth } from '@/lib/auth/auth-context.ts';
import { METADATA_KEY } from './keys.ts';

/**
 * `GET /api/reviews/review/metadata/`. Spec §8: a failed fetch is only logged and the
 * previous metadata kept, so the failure is swallowed here (a warning, not an error:
 * nothing is broken for the user) and the last good value answered again.
 */
export function metadataQuery(queryClient: QueryClient) {
  return queryOptions({
    queryKey: METADATA_KEY,
    queryFn: async ({ signal }): Promise<Metadata> => {
      try {
        return await apiFetch<Metadata>('/api/reviews/review/metadata/', { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn('Could not refresh the spot metadata; keeping the previous one.', error);
        return queryClient.getQueryData<Metadata>(METADATA_KEY) ?? EMPTY_METADATA;
      }
    },
    retry: false,
  });
}

/** The filters' options and the counts; fetched once signed in (spec §6). */
export function useMetadata() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  return useQuery({ ...metadataQuery(queryClient), enabled: status === 'authenticated' });
}
