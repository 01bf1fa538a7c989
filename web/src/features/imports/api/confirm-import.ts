import type { ImportSummary } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { invalidateSpotsAndLists } from '@/lib/query-keys.ts';
import { importKeys } from './keys.ts';

/** `POST /api/imports/{id}/confirm/`: creates the spots and lists; the galleries refresh. */
export function useConfirmImport(importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visited: boolean) =>
      apiFetch<ImportSummary>(`/api/imports/${importId}/confirm/`, {
        method: 'POST',
        body: { visited },
      }),
    onSuccess: () =>
      Promise.all([
        invalidateSpotsAndLists(queryClient),
        queryClient.invalidateQueries({ queryKey: importKeys.detail(importId) }),
      ]),
  });
}
