import type { RegisterBody, UserResponse } from '@spotbook/contract';
import { apiFetch } from '@/lib/api.ts';

/** `POST /api/user/register/`: 201 `{user}`, or 400 `{detail, errors}` per field. */
export function register(body: RegisterBody): Promise<UserResponse> {
  return apiFetch<UserResponse>('/api/user/register/', { method: 'POST', body });
}
