import type { FastifyRequest } from 'fastify';

/**
 * Whether a request goes to the API, decided by the route the router matched, never by
 * the raw URL: the router decodes `/%61pi/…` to `/api/…`, so a test of `request.url`
 * would let such a request reach an API handler without the CSRF and session hooks.
 */
export function matchedApiRoute(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return pattern !== undefined && pattern.startsWith('/api/');
}

/** No route matched (the 404 handler will answer). */
export function unmatched(request: FastifyRequest): boolean {
  return request.routeOptions.url === undefined;
}

/**
 * For an unmatched request: does its path, decoded, case-folded and with repeated
 * slashes collapsed, lie under /api/? An undecodable path counts as API (JSON 404).
 */
export function looksLikeApiPath(url: string): boolean {
  const rawPath = url.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  const normalized = decoded.replace(/\/{2,}/g, '/').toLowerCase();
  return normalized === '/api' || normalized.startsWith('/api/');
}
