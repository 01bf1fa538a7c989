import { isBlockedHost } from './blocked-hosts.ts';
import { isKnownTld } from './known-tlds.ts';
import { isIpLiteral, normalizeHost } from './normalize-host.ts';

/** An outbound link found in user text, ready to show collapsed or in full. */
export interface FoundLink {
  /** What the user wrote. */
  text: string;
  /** The absolute http(s) URL to open (no protocol was read as https). */
  href: string;
  /** `host/...` when there is more than the host, else just the host. */
  collapsed: string;
}

export type TextSegment =
  | { kind: 'text'; text: string }
  /** A shortener or IP logger: shown exactly as written, never as a link. */
  | { kind: 'blocked'; text: string; host: string }
  | ({ kind: 'link' } & FoundLink);

/*
 * Either an explicit http(s) URL, or a bare domain (labels of letters, digits and
 * hyphens, any script) with an optional port and path. The lookbehind keeps a match from
 * starting inside another token (`javascript://x.com`, `me@x.com`, a file path).
 */
const CANDIDATE =
  /(?<![\p{L}\p{N}_@.\/\\-])(?:https?:\/\/[^\s<>"`]+|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,63}(?::\d{1,5})?(?:[\/?#][^\s<>"`]*)?)/giu;

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Drops sentence punctuation and unbalanced closing brackets that follow a link. */
export function trimTrailing(candidate: string): string {
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    const opener = CLOSERS[last];
    if (/[.,;:!?'*_~]/.test(last)) {
      end -= 1;
    } else if (opener) {
      const body = candidate.slice(0, end);
      if (body.split(opener).length >= body.split(last).length) break;
      end -= 1;
    } else {
      break;
    }
  }
  return candidate.slice(0, end);
}

type Classified =
  { kind: 'text' } | { kind: 'blocked'; host: string } | ({ kind: 'link' } & FoundLink);

/** Decides what one candidate is: a link, a blocked host, or just text after all. */
export function classify(text: string): Classified {
  const explicit = /^https?:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(explicit ? text : `https://${text}`);
  } catch {
    return { kind: 'text' };
  }
  // Only the two web protocols, ever; credentials in a URL are a classic disguise.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'text' };
  if (url.username || url.password) return { kind: 'text' };
  const host = normalizeHost(url.hostname);
  if (!host || !host.includes('.') || isIpLiteral(host)) return { kind: 'text' };
  if (isBlockedHost(host)) return { kind: 'blocked', host };
  if (!explicit && !isKnownTld(host.slice(host.lastIndexOf('.') + 1))) return { kind: 'text' };
  const shownHost = url.port ? `${host}:${url.port}` : host;
  const hasMore = url.pathname !== '/' || url.search !== '' || url.hash !== '';
  return {
    kind: 'link',
    text,
    href: url.href,
    collapsed: hasMore ? `${shownHost}/...` : shownHost,
  };
}

/**
 * Splits user text into plain text, links and blocked hosts, in order. The caller renders
 * each as a text node or an element; nothing here is ever treated as markup.
 */
export function findLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = '';
  let cursor = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const candidate = trimTrailing(match[0]);
    if (!candidate) continue;
    const result = classify(candidate);
    if (result.kind === 'text') continue;
    plain += text.slice(cursor, match.index);
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push(result.kind === 'blocked' ? { ...result, text: candidate } : result);
    cursor = match.index + candidate.length;
  }
  plain += text.slice(cursor);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

/** One value meant as a link (a place's website): the safe link, or null to show it as text. */
export function toOutboundLink(value: string): FoundLink | null {
  const text = value.trim();
  if (!text || /\s/.test(text)) return null;
  const result = classify(text);
  return result.kind === 'link' ? result : null;
}
