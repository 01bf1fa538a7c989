import { AUTH_REQUIRED_DETAIL } from '@spotbook/contract/messages';
import { CSRF_FETCH_FAILED, CSRF_HEADER, csrfToken } from './csrf.ts';
import { withQuery, type QueryParams } from './query-string.ts';

/** Any non-2xx answer of the API (body `{detail, errors?}`); status 0 = no answer at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_DETAIL = 'Could not reach the server. Check your connection.';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own words when it answered, else the caller's message (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && !error.isNetworkError && error.detail ? error.detail : fallback;
}

type AuthRequiredHandler = () => void;
let onAuthRequired: AuthRequiredHandler | null = null;

/**
 * Spec §7: a 403 "Authentication credentials were not provided." anywhere sends the
 * user home. The app registers what that means (clear the session, navigate to `/`).
 */
export function setAuthRequiredHandler(handler: AuthRequiredHandler): () => void {
  onAuthRequired = handler;
  return () => {
    if (onAuthRequired === handler) onAuthRequired = null;
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
}

const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isStringArrayRecord(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

function toApiError(response: Response, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const detail =
    typeof fields.detail === 'string' && fields.detail
      ? fields.detail
      : `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
  const errors = isStringArrayRecord(fields.errors) ? fields.errors : undefined;
  return new ApiError(response.status, detail, errors);
}

/**
 * The one way the web app talks to the API: same-origin cookies, JSON in and out, the
 * CSRF header on unsafe methods, and every failure turned into an `ApiError`.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  // Only with a body: Fastify rejects an empty body declared as JSON (e.g. logout).
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  if (UNSAFE_METHODS.has(method)) {
    const token = await csrfToken();
    if (!token) throw new ApiError(0, CSRF_FETCH_FAILED);
    headers.set(CSRF_HEADER, token);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, request.query), {
      method,
      headers,
      credentials: 'include',
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error; // cancellation is not a failure to report
    throw new ApiError(0, NETWORK_ERROR_DETAIL);
  }

  const body = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response, body);
    if (error.status === 403 && error.detail === AUTH_REQUIRED_DETAIL) onAuthRequired?.();
    throw error;
  }
  return body as T;
}
