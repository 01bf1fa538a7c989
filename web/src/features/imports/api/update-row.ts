import type { Import, ImportRowPatch } from '@spotbook/contract';
import { importRowSchema } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';
import { importKeys } from './keys.ts';

export interface RowUpdate {
  index: number;
  patch: ImportRowPatch;
}

/**
 * `PATCH /api/imports/{id}/rows/{index}/`: pick a place, make a custom one, or skip.
 * The answer (the row) replaces that row in the cached import, so a file of 10,000 rows
 * is not fetched again for each fix; any other answer refetches the import.
 */
export function useUpdateImportRow(importId: number) {
  const queryClient = useQueryClient();
  const key = importKeys.detail(importId);
  return useMutation({
    mutationFn: ({ index, patch }: RowUpdate) =>
      apiFetch<unknown>(`/api/imports/${importId}/rows/${index}/`, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: (answer, { index }) => {
      const row = importRowSchema.safeParse(answer);
      if (!row.success || row.data.index !== index) {
        return queryClient.invalidateQueries({ queryKey: key });
      }
      queryClient.setQueryData<Import>(
        key,
        (job) =>
          job && { ...job, rows: job.rows.map((old) => (old.index === index ? row.data : old)) },
      );
    },
  });
}
