import { createHash } from 'node:crypto';

/** A strong ETag that is a digest of `content`: everything a response is made from. */
export const contentTag = (content: unknown) =>
  `"${createHash('sha1').update(JSON.stringify(content)).digest('base64url')}"`;

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: a list of tags, or
 * `*`, compared weakly). Six lines rather than a dependency: the routes compute their
 * ETag before drawing, which is the point, and a plugin would hash the drawn body.
 */
export function isNotModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
