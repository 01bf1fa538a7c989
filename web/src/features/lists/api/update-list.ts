import type { ListUpdateBody, ListSummary } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { invalidateListData } from './keys.ts';

/** `PATCH /api/lists/list/{id}/`: any of name, description, sharing. */
export function useUpdateList(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListUpdateBody) =>
      apiFetch<ListSummary>(`/api/lists/list/${id}/`, { method: 'PATCH', body }),
    onSuccess: () => invalidateListData(queryClient),
  });
}
