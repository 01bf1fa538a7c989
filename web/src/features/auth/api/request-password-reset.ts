import type { RequestPasswordResetBody } from '@spotbook/contract';
import { apiFetch } from '@/lib/api.ts';

/** `POST /api/user/request-password-reset/`: the same answer whether or not the address exists. */
export function requestPasswordReset(body: RequestPasswordResetBody): Promise<{ detail?: string }> {
  return apiFetch('/api/user/request-password-reset/', { method: 'POST', body });
}
