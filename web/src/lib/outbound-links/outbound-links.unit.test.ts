import { describe, expect, it } from 'vitest';
import { isBlockedHost, normalizeHost } from './blocked-hosts.ts';
import { findLinks, toOutboundLink } from './find-links.ts';

const links = (text: string) => findLinks(text).filter((s) => s.kind === 'link');
const kinds = (text: string) => findLinks(text).map((s) => s.kind);

describe('normalizeHost', () => {
  it('lower-cases, drops trailing dots and turns Unicode into punycode', () => {
    expect(normalizeHost('BIT.LY.')).toBe('bit.ly');
    expect(normalizeHost('Bücher.de')).toBe('xn--bcher-kva.de');
    // Full-width letters and the ideographic full stop fold to ASCII (IDNA mapping).
    expect(normalizeHost('ｂｉｔ。ｌｙ')).toBe('bit.ly');
  });

  it('refuses what is not a host', () => {
    expect(normalizeHost('')).toBeNull();
    expect(normalizeHost('a b.com')).toBeNull();
    expect(normalizeHost('x.com/path')).toBeNull();
    expect(normalizeHost('user@x.com')).toBeNull();
  });
});

describe('isBlockedHost', () => {
  it.each([
    'bit.ly',
    'sub.bit.ly',
    'a.b.c.bit.ly',
    'BIT.LY.',
    'ｂｉｔ．ｌｙ',
    'tinyurl.com',
    'preview.tinyurl.com',
    't.co',
    'goo.gl',
    'ow.ly',
    'is.gd',
    'cutt.ly',
    'shorturl.at',
    'grabify.link',
    'iplogger.org',
    'iplogger.ru',
    '2no.co',
    'yip.su',
    'bitly.com',
    'j.mp',
    'lnkd.in',
    'xn--yotu-1ra.be', // yoütu.be, a Grabify look-alike, written as punycode
    'yoütu.be',
  ])('blocks %s', (host) => expect(isBlockedHost(host)).toBe(true));

  it.each(['example.com', 'notbit.ly', 'bit.ly.example.com', 'youtube.com', 'tco.com'])(
    'lets %s through',
    (host) => expect(isBlockedHost(host)).toBe(false),
  );
});

describe('link ends', () => {
  it('drops sentence punctuation and unbalanced brackets', () => {
    expect(links('example.com.')[0]?.text).toBe('example.com');
    expect(links('example.com/a),')[0]?.text).toBe('example.com/a');
    expect(links('en.wikipedia.org/wiki/Rome_(city)')[0]?.text).toBe(
      'en.wikipedia.org/wiki/Rome_(city)',
    );
  });
});

describe('findLinks', () => {
  it('finds URLs and bare domains and keeps the text around them', () => {
    const segments = findLinks('Menu at https://cafe.example.com/menu?x=1, or see louvre.fr.');
    expect(segments).toEqual([
      { kind: 'text', text: 'Menu at ' },
      {
        kind: 'link',
        text: 'https://cafe.example.com/menu?x=1',
        href: 'https://cafe.example.com/menu?x=1',
        collapsed: 'cafe.example.com/...',
      },
      { kind: 'text', text: ', or see ' },
      { kind: 'link', text: 'louvre.fr', href: 'https://louvre.fr/', collapsed: 'louvre.fr' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads a link without a protocol as https and keeps http when written', () => {
    expect(links('www.example.org/a/b')[0]).toMatchObject({
      href: 'https://www.example.org/a/b',
      collapsed: 'www.example.org/...',
    });
    expect(links('http://example.org')[0]).toMatchObject({ href: 'http://example.org/' });
    expect(links('HTTPS://EXAMPLE.ORG/X')[0]).toMatchObject({ href: 'https://example.org/X' });
  });

  it('shows IDN hosts in punycode, so look-alike letters cannot hide', () => {
    expect(links('https://bücher.de/x')[0]).toMatchObject({
      href: 'https://xn--bcher-kva.de/x',
      collapsed: 'xn--bcher-kva.de/...',
    });
  });

  it('never turns other protocols into links', () => {
    for (const text of [
      'javascript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'ftp://example.com/file',
      'file:///etc/passwd',
    ]) {
      const segments = findLinks(text);
      expect(segments.every((s) => s.kind !== 'link' || /^https?:/.test(s.href))).toBe(true);
      expect(segments.filter((s) => s.kind === 'link')).toEqual([]);
      expect(segments.map((s) => s.text).join('')).toBe(text);
    }
  });

  it('shows shorteners and IP loggers as text, even disguised', () => {
    for (const text of [
      'bit.ly/abc',
      'https://BIT.LY./abc',
      'https://sub.bit.ly/abc',
      'https://ｂｉｔ．ｌｙ/abc',
      'grabify.link/XYZ',
      'https://iplogger.org/1abc',
    ]) {
      expect(kinds(`see ${text} now`)).toEqual(['text', 'blocked', 'text']);
      expect(findLinks(`see ${text} now`)[1]?.text).toBe(text);
    }
  });

  it('does not link e-mail addresses, file names, numbers, IPs or credentials', () => {
    for (const text of [
      'mail me@example.com',
      'open notes.txt',
      'pi is 3.14',
      'version 1.2.3',
      'It was great.Then we left',
      'http://192.168.0.1/admin',
      'http://[::1]/',
      'https://example.com@evil.example/x',
      'http://localhost:3000',
    ]) {
      expect(links(text)).toEqual([]);
    }
  });

  it('joins everything back to the original text', () => {
    const text = 'A (see example.com/a_(b)) and bit.ly/x, then https://x.org/?q=1#top!';
    expect(
      findLinks(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});

describe('toOutboundLink', () => {
  it('makes one safe link of a whole value, or nothing', () => {
    expect(toOutboundLink('https://www.louvre.fr/en')).toMatchObject({
      href: 'https://www.louvre.fr/en',
      collapsed: 'www.louvre.fr/...',
    });
    expect(toOutboundLink('louvre.fr')).toMatchObject({ href: 'https://louvre.fr/' });
    expect(toOutboundLink('https://bit.ly/x')).toBeNull();
    expect(toOutboundLink('javascript:alert(1)')).toBeNull();
    expect(toOutboundLink('')).toBeNull();
    expect(toOutboundLink('two words.com')).toBeNull();
  });
});
