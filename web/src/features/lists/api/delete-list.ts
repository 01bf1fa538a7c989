import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { invalidateListData, listKeys } from './keys.ts';

/** `DELETE /api/lists/list/{id}/`. */
export function useDeleteList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/api/lists/list/${id}/`, { method: 'DELETE' }),
    onSuccess: () => {
      // The page we leave must not refetch a list that no longer exists.
      queryClient.removeQueries({ queryKey: [...listKeys.all, 'detail'] });
      return invalidateListData(queryClient);
    },
  });
}
