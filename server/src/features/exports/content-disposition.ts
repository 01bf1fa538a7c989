/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with RFC 5987's encoding): the
 * plain name for old clients, ASCII only and without quotes or path characters, and the
 * exact name for everyone else. Slugs are ASCII, but an owner's name may not be.
 */
export function attachment(fileName: string): string {
  const fallback = fileName.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** encodeURIComponent leaves `'()*` as they are; RFC 5987's attr-char does not allow them. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
