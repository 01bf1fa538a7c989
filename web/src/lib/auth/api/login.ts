import type { LoginBody, User } from '@spotbook/contract';
import { apiFetch } from '@/lib/api.ts';

/** `POST /api/user/login/` with a username or e-mail. */
export function login(body: LoginBody): Promise<{ user: User }> {
  return apiFetch<{ user: User }>('/api/user/login/', { method: 'POST', body });
}
