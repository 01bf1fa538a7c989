/**
 * A list id or slug taken from the URL (`?listId=`) may only ever lead to one of our
 * own list pages. Letters (any script, since usernames may be non-Latin), digits, `_`,
 * `.` and `-` are allowed; anything with a slash, colon, backslash, `%`, `?` or `#`
 * — i.e. anything that could form another path or an outside URL — is refused.
 */
const SAFE_LIST_ID = /^[\p{L}\p{N}_.-]+$/u;
const MAX_LIST_ID_LENGTH = 200;

export function isSafeListId(listId: string | null | undefined): listId is string {
  if (!listId || listId.length > MAX_LIST_ID_LENGTH) return false;
  if (/^\.+$/.test(listId)) return false; // '.' and '..' are path segments, not ids
  return SAFE_LIST_ID.test(listId);
}

/** Where to go after signing in or up: the list the visitor came from, else home. */
export function afterAuthPath(listId: string | null | undefined): string {
  return isSafeListId(listId) ? `/lists/${encodeURIComponent(listId)}` : '/';
}
