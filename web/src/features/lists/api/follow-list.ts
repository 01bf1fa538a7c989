import type { SavedList } from '@spotbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@/lib/api.ts';
import { invalidateFollowData, listKeys } from './keys.ts';

/**
 * `GET /api/saved_lists/saved_list/by-slug/{slug}`: the user's follow of this list, or
 * null when not following (the API's 404).
 */
export function useFollowEntry(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: listKeys.follow(slug),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SavedList>(
          `/api/saved_lists/saved_list/by-slug/${encodeURIComponent(slug)}`,
          { signal },
        );
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** `POST /api/saved_lists/saved_list/` (following twice is harmless on the server). */
export function useFollowList(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<SavedList>('/api/saved_lists/saved_list/', {
        method: 'POST',
        body: { list_slug: slug },
      }),
    onSuccess: (entry) => {
      queryClient.setQueryData(listKeys.follow(slug), entry);
      return invalidateFollowData(queryClient);
    },
  });
}

/** `DELETE /api/saved_lists/saved_list/{id}/`. */
export function useUnfollowList(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) =>
      apiFetch<void>(`/api/saved_lists/saved_list/${entryId}/`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueryData(listKeys.follow(slug), null);
      return invalidateFollowData(queryClient);
    },
  });
}
