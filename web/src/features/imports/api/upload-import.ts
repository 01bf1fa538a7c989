import type { Import } from '@spotbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_DETAIL } from '@/lib/api.ts';
import { CSRF_FETCH_FAILED, CSRF_HEADER, csrfToken } from '@/lib/csrf.ts';
import { importKeys } from './keys.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function errorFrom(xhr: XMLHttpRequest): ApiError {
  let detail = `Request failed (${xhr.status})`;
  let errors: Record<string, string[]> | undefined;
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown; errors?: unknown };
    if (typeof body.detail === 'string' && body.detail) detail = body.detail;
    if (typeof body.errors === 'object' && body.errors !== null)
      errors = body.errors as Record<string, string[]>;
  } catch {
    // Not JSON (a proxy's page): the status is all there is to say.
  }
  return new ApiError(xhr.status, detail, errors);
}

/**
 * `POST /api/imports/` as multipart with one `file`. XMLHttpRequest, not fetch: only it
 * reports how much of the body has gone, which is what the upload bar shows.
 */
export async function uploadImport(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Import> {
  const token = await csrfToken();
  if (!token) throw new ApiError(0, CSRF_FETCH_FAILED);
  const body = new FormData();
  body.append('file', file, file.name);
  return new Promise<Import>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/imports/');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Import);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered something unreadable.'));
        }
      } else reject(errorFrom(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_DETAIL));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The upload as a mutation; the created import goes straight into the cache. */
export function useUploadImport(onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, signal }: { file: File; signal?: AbortSignal }) =>
      uploadImport(file, onProgress, signal),
    onSuccess: (job) => queryClient.setQueryData(importKeys.detail(job.id), job),
  });
}
