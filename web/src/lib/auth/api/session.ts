import type { SessionResponse } from '@spotbook/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** `GET /api/user/session/`: sets the CSRF cookie when missing; `user` decides signed in or not. */
export function fetchSession(): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/user/session/');
}

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  staleTime: 5 * 60_000,
});
