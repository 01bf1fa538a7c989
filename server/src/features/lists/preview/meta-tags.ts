import type { ListRecord } from '../repository.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe inside element text and double- or single-quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const DESCRIPTION_MAX = 200;

/** "by alice · Best flat whites in town" – what a chat app shows under the title. */
export function previewDescription(list: Pick<ListRecord, 'owner_username' | 'description'>) {
  const text = list.description.replace(/\s+/g, ' ').trim();
  const cut = text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
  return cut ? `by ${list.owner_username} · ${cut}` : `by ${list.owner_username}`;
}

/**
 * Open Graph and Twitter tags for a shareable list's page (issue 5 §4), every value
 * HTML-escaped. Callers must only pass lists anyone may view.
 */
export function listPreviewHead(list: ListRecord, publicUrl: string): string {
  const slug = encodeURIComponent(list.slug);
  const url = `${publicUrl}/lists/${slug}`;
  const image = `${publicUrl}/api/lists/list/${slug}/preview.png`;
  const description = previewDescription(list);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Spotbook'],
    ['property', 'og:title', list.name],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['property', 'og:image:alt', `${list.name}, a list ${description}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', list.name],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
    ['name', 'description', description],
  ];
  return [
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ].join('\n');
}
