import { describe, expect, it } from 'vitest';
import { listPath, mailtoHref, ownerFromSlug, shareUrl, smsHref } from './list-links.ts';

describe('list links', () => {
  it('use the slug only for shareable lists', () => {
    expect(listPath({ id: 7, slug: 'ada-paris', shareable_by_link: true })).toBe(
      '/lists/ada-paris',
    );
    expect(listPath({ id: 7, slug: 'ada-paris', shareable_by_link: false })).toBe('/lists/7');
  });

  it('name the owner by the part of the slug before the first dash', () => {
    expect(ownerFromSlug('ada-best-coffee-2')).toBe('ada');
    expect(ownerFromSlug('ada')).toBe('ada');
  });

  it('build share links from the page origin', () => {
    const url = shareUrl('http://127.0.0.1:3000', 'ada-café');
    expect(url).toBe('http://127.0.0.1:3000/lists/ada-caf%C3%A9');
    expect(mailtoHref('Café & co', url)).toBe(
      `mailto:?subject=Caf%C3%A9%20%26%20co%20on%20Spotbook&body=${encodeURIComponent(
        `Have a look at my list "Café & co":\n${url}`,
      )}`,
    );
    expect(smsHref('Paris', url)).toBe(`sms:?&body=${encodeURIComponent(`Paris: ${url}`)}`);
  });
});
