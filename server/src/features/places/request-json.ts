import type { z } from 'zod';
import { PlacesUnavailableError } from './errors.ts';

/** An online provider that hasn't answered in this long is treated as down. */
export const PROVIDER_TIMEOUT_MS = 5000;

/**
 * Calls a provider and validates its JSON reply. Every failure (network, timeout,
 * status, unexpected shape) becomes a PlacesUnavailableError; a 404 is answered as
 * null, since "no such place" is an answer, not an outage.
 */
export async function requestJson<T>(
  provider: string,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  schema: z.ZodType<T>,
): Promise<T | null> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new PlacesUnavailableError(provider, timedOut ? 'timed out' : 'request failed', {
      cause: error,
    });
  }
  if (response.status === 404) return null;
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new PlacesUnavailableError(provider, `unreadable reply (HTTP ${response.status})`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new PlacesUnavailableError(provider, `HTTP ${response.status}${errorMessage(body)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new PlacesUnavailableError(provider, 'unexpected reply', { cause: parsed.error });
  }
  return parsed.data;
}

/** Google's `{error: {message}}` says what went wrong (quota, disabled API, bad key). */
function errorMessage(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
}
