import type { PasswordResetConfirmBody } from '@spotbook/contract';
import { apiFetch } from '@/lib/api.ts';

export interface ResetLink {
  uidb64: string;
  token: string;
}

/** `POST /api/user/password-reset-confirm/{uidb64}/{token}/`; a 400 says why the link failed. */
export function confirmPasswordReset(
  { uidb64, token }: ResetLink,
  body: PasswordResetConfirmBody,
): Promise<{ detail?: string }> {
  const path = `/api/user/password-reset-confirm/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`;
  return apiFetch(path, { method: 'POST', body });
}
