import type { Db } from '../../db/connection.ts';
import { clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';

/** The `uidb64` part of the mailed link: the user id, base64url-encoded. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uidb64: string): number | null {
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

/** A single-use token; only its hash is stored. */
export async function issueResetToken(db: Db, userId: number, ttlMinutes: number) {
  const token = randomToken();
  const now = clock.now();
  await db
    .insertInto('password_reset_tokens')
    .values({
      id: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + ttlMinutes * 60_000,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses the token up if the link is still good (right user, unexpired) and returns its
 * row; undefined otherwise. One DELETE … RETURNING, so two confirms racing with one link
 * cannot both get it. Tokens also die with a password change (changePassword).
 */
export async function consumeResetToken(db: Db, userId: number, token: string) {
  return db
    .deleteFrom('password_reset_tokens')
    .where('id', '=', sha256(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

export async function purgeExpiredResetTokens(db: Db, now = clock.now()) {
  const result = await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function resetLink(publicUrl: string, userId: number, token: string) {
  return `${publicUrl}/reset-password/${encodeUid(userId)}/${token}`;
}

export function resetMail(username: string, link: string, ttlMinutes: number) {
  const text = [
    `Hello ${username},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Spotbook account.',
    `Open this link within ${ttlMinutes} minutes to choose a new password:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c2b2d">
<p>Hello ${escape(username)},</p>
<p>Someone (hopefully you) asked to reset the password of your Spotbook account.
Open this link within ${ttlMinutes} minutes to choose a new password:</p>
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 16px;background:#0f6e74;color:#fff;border-radius:8px;text-decoration:none">Reset my password</a></p>
<p style="font-size:13px;color:#51646a">Or paste this address into your browser:<br>${escape(link)}</p>
<p style="font-size:13px;color:#51646a">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { subject: 'Reset your Spotbook password', text, html };
}
