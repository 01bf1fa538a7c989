import type { LoginBody, UserResponse } from '@spotbook/contract';
import { apiFetch } from '@/lib/api.ts';

/** `POST /api/user/login/` with a username or e-mail. */
export function login(body: LoginBody): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/user/login/', { method: 'POST', body });
}
