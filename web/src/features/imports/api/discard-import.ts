import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { importKeys } from './keys.ts';

/** `DELETE /api/imports/{id}/`: the import is gone and nothing was created. */
export function useDiscardImport(importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(`/api/imports/${importId}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.removeQueries({ queryKey: importKeys.detail(importId) }),
  });
}
