import type { RegisterBody, User } from '@spotbook/contract';
import { apiFetch } from '@/lib/api.ts';

/** `POST /api/user/register/`: 201 `{user}`, or 400 `{detail, errors}` per field. */
export function register(body: RegisterBody): Promise<{ user: User }> {
  return apiFetch<{ user: User }>('/api/user/register/', { method: 'POST', body });
}
