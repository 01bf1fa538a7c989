/** The double-submit CSRF token (runtime contract §2): a readable cookie echoed in a header. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const CSRF_FETCH_FAILED = 'CSRF token fetch failed';

const SESSION_PATH = '/api/user/session/';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let pendingSessionCall: Promise<void> | null = null;

/** The session call sets the cookie when it is missing; concurrent callers share one call. */
function fetchCsrfCookie(): Promise<void> {
  pendingSessionCall ??= fetch(SESSION_PATH, { credentials: 'include' })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      pendingSessionCall = null;
    });
  return pendingSessionCall;
}

/** The token for an unsafe call; fetches the cookie first when the browser has none yet. */
export async function csrfToken(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  await fetchCsrfCookie();
  return readCookie(CSRF_COOKIE);
}
