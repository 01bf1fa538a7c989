import type { ListBody, ListSummary } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { invalidateListData } from './keys.ts';

/** `POST /api/lists/list/` with name, description and sharing. */
export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListBody) =>
      apiFetch<ListSummary>('/api/lists/list/', { method: 'POST', body }),
    onSuccess: () => invalidateListData(queryClient),
  });
}
