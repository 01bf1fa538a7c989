import type { ListSummary } from '@spotbook/contract';

type Linkable = Pick<ListSummary, 'id' | 'slug' | 'shareable_by_link'>;

/** Spec §2: a list's link uses its slug when shareable by link, otherwise its id. */
export function listKey(list: Linkable): string {
  return list.shareable_by_link ? list.slug : String(list.id);
}

export function listPath(list: Linkable): string {
  return `/lists/${encodeURIComponent(listKey(list))}`;
}

/**
 * Spec §2: the byline is the slug's part before the first dash. Usernames never
 * contain a dash (runtime contract §4), so this is always the whole owner name.
 */
export function ownerFromSlug(slug: string): string {
  const dash = slug.indexOf('-');
  return dash === -1 ? slug : slug.slice(0, dash);
}

/** The link friends open: this site's own origin, whatever PUBLIC_URL says. */
export function shareUrl(origin: string, slug: string): string {
  return `${origin}/lists/${encodeURIComponent(slug)}`;
}

/** A prefilled e-mail: the list's name as the subject, a line and the link as the body. */
export function mailtoHref(name: string, url: string): string {
  const subject = encodeURIComponent(`${name} on Spotbook`);
  const body = encodeURIComponent(`Have a look at my list "${name}":\n${url}`);
  return `mailto:?subject=${subject}&body=${body}`;
}

/** A prefilled text message; `sms:?&body=` is the form both iOS and Android read. */
export function smsHref(name: string, url: string): string {
  return `sms:?&body=${encodeURIComponent(`${name}: ${url}`)}`;
}
