import { apiFetch } from '@/lib/api.ts';

/** `POST /api/user/logout/`: ends the session server-side. */
export function logout(): Promise<void> {
  return apiFetch<void>('/api/user/logout/', { method: 'POST' });
}
