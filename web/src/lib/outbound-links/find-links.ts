import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds';
import { isBlockedHost, normalizeHost } from './blocked-hosts.ts';

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
 * Finds explicit http(s) URLs and bare domains ending in a real top-level domain
 * (`example.com`, `café.fr`, but not `notes.txt` or `great.Then`), leaving out sentence
 * punctuation and unbalanced brackets after a link. Credentials are read as part of a URL
 * so that such a URL is refused whole; other protocols and e-mail addresses are never links.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, urlAuth: true, tlds })
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

/**
 * The text with every compatibility character that folds to one of the same length
 * (full-width letters and dots) folded, as the URL parser will fold them: a disguised
 * `ｂｉｔ．ｌｙ` is found whole and blocked. Same length, so positions still match.
 */
function foldWidths(text: string): string {
  return text.replace(/\P{ASCII}/gu, (c) => {
    const folded = c.normalize('NFKC');
    return folded.length === c.length ? folded : c;
  });
}

/** A blocked host is shown as written up to the next space, disguise (`bit.ly./x`) and all. */
function blockedEnd(text: string, from: number): number {
  const rest = /^\S*/.exec(text.slice(from))![0].replace(/[.,;:!?]+$/, '');
  return from + rest.length;
}

/** IPv4 (in any form the parser accepts, it answers dotted decimal) or IPv6 literal. */
const isIpLiteral = (hostname: string) =>
  hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

type Classified =
  { kind: 'text' } | { kind: 'blocked'; host: string } | ({ kind: 'link' } & FoundLink);

/** Decides what one candidate is: a link, a blocked host, or just text after all. */
function classify(text: string): Classified {
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
  let cursor = 0;
  for (const match of linkify.match(foldWidths(text)) ?? []) {
    if (match.index < cursor) continue;
    const candidate = text.slice(match.index, match.lastIndex);
    const result = classify(candidate);
    if (result.kind === 'text') continue;
    if (match.index > cursor)
      segments.push({ kind: 'text', text: text.slice(cursor, match.index) });
    if (result.kind === 'link') {
      segments.push(result);
      cursor = match.lastIndex;
    } else {
      cursor = blockedEnd(text, match.lastIndex);
      segments.push({ ...result, text: text.slice(match.index, cursor) });
    }
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

/** One value meant as a link (a place's website): the safe link, or null to show it as text. */
export function toOutboundLink(value: string): FoundLink | null {
  const [only, ...others] = findLinks(value.trim());
  return only?.kind === 'link' && others.length === 0 ? only : null;
}
