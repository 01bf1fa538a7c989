import type { Photo } from '@spotbook/contract';
import { ApiError, NETWORK_ERROR_DETAIL } from '@/lib/api.ts';
import { CSRF_FETCH_FAILED, CSRF_HEADER, csrfToken } from '@/lib/csrf.ts';

export const photosPath = (reviewId: number) => `/api/reviews/review/${reviewId}/photos/`;

export interface UploadOptions {
  /** 0..1 of the request body sent so far */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function detailOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { detail?: unknown };
    if (typeof body.detail === 'string' && body.detail) return body.detail;
  } catch {
    // not JSON: a proxy's page, for instance
  }
  return xhr.status === 413
    ? 'This photo is too large to upload.'
    : `Request failed (${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ''})`;
}

/**
 * `POST /api/reviews/review/{id}/photos/` with the file as multipart field `file`. XHR, not
 * fetch: only XHR reports upload progress, which the per-file progress bar needs. Same
 * cookies and CSRF header as `apiFetch`, and the same `ApiError` on failure, so the
 * server's `detail` (which names the limit) is what the user reads.
 */
export async function uploadPhoto(
  reviewId: number,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<Photo> {
  const token = await csrfToken();
  if (!token) throw new ApiError(0, CSRF_FETCH_FAILED);
  const body = new FormData();
  body.append('file', file, file.name);
  return new Promise<Photo>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', photosPath(reviewId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Photo);
        } catch {
          reject(new ApiError(xhr.status, 'The server sent an answer this page cannot read.'));
        }
      } else {
        reject(new ApiError(xhr.status, detailOf(xhr)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_DETAIL));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
