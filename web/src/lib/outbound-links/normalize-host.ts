/**
 * The comparable form of a host name: what the URL parser makes of it (IDNA mapping,
 * so full-width letters and dots fold to ASCII and Unicode labels become punycode),
 * lower-cased, without the trailing dot that makes `bit.ly.` the same host as `bit.ly`.
 * Returns null for anything the parser refuses or that is not a bare host.
 */
export function normalizeHost(host: string): string | null {
  const raw = host.trim();
  if (!raw || /[\s/\\?#@]/.test(raw)) return null;
  let hostname: string;
  try {
    hostname = new URL(`https://${raw}`).hostname;
  } catch {
    return null;
  }
  const normalized = hostname.toLowerCase().replace(/\.+$/, '');
  return normalized || null;
}

/** `a.b.bit.ly` → `a.b.bit.ly`, `b.bit.ly`, `bit.ly`, `ly`: the host and every parent. */
export function hostAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/** IPv4 (in any form the parser accepts, it answers dotted decimal) or IPv6 literal. */
export function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}
