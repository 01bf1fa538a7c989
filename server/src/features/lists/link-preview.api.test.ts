import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '@spotbook/contract';
import { createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper.ts';
import { withExtraHead } from '../../lib/html-head.ts';
import { listPageRoute, type SendPage } from './preview/page-route.ts';
import { escapeHtml, listPreviewHead } from './preview/meta-tags.ts';
import { findList } from './repository.ts';
import { createList } from './test/factories.ts';

let t: TestApp;
let alice: TestUser;
let page: ReturnType<typeof Fastify>;
let built: ReturnType<typeof Fastify>;

/** The shape of web/dist/index.html after a build: Vite puts its scripts in the <head>. */
const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Spotbook</title>
    <script type="module" crossorigin src="/assets/index-Bq3x.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-C1a2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4e5.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://spotbook.example' });
  alice = await signedInUser(t.app);
  // The real route over the real database, answering a stand-in page instead of the
  // built web app (web/dist may not exist when the API suite runs).
  page = Fastify({ logger: false });
  const sendPage: SendPage = (reply, head) => reply.type('text/html').send(`<head>${head}</head>`);
  await page.register(listPageRoute, { ctx: t.ctx, sendPage });
  // The same route answering the built page as web-app.ts's renderIndexHtml does.
  built = Fastify({ logger: false });
  const sendBuilt: SendPage = (reply, head) =>
    reply.type('text/html').send(withExtraHead(BUILT_INDEX, head));
  await built.register(listPageRoute, { ctx: t.ctx, sendPage: sendBuilt });
});
afterAll(async () => {
  await page.close();
  await built.close();
  await t.close();
});

const openPage = async (key: string | number) =>
  (await page.inject({ method: 'GET', url: `/lists/${key}` })).body;

describe('link previews of /lists/{listId} (issue 5 §4)', () => {
  it('carries Open Graph and Twitter tags for a shareable list', async () => {
    const list = await createList(alice.client, {
      name: 'Night walks',
      description: 'Lamps and bridges',
      shareable_by_link: true,
    });
    const html = await openPage(list.slug);
    const url = `https://spotbook.example/lists/${list.slug}`;
    const image = `https://spotbook.example/api/lists/list/${list.slug}/preview.png`;
    expect(html).toContain('<meta property="og:title" content="Night walks">');
    expect(html).toContain(
      `<meta property="og:description" content="by ${alice.username} · Lamps and bridges">`,
    );
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(`<meta property="og:image" content="${image}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    // By id too; the tags always point at the current slug.
    expect(await openPage(list.id)).toContain(`content="${url}"`);
  });

  it('escapes everything a user typed', async () => {
    const list = await createList(alice.client, {
      name: '<b>"Tom" & Jerry\'s</b>',
      description: '</title><script>alert(1)</script>',
      shareable_by_link: true,
    });
    const head = listPreviewHead((await findList(t.ctx.db, String(list.id)))!, 'https://x.test');
    expect(head).not.toMatch(/<script|<b>|<\/title>/);
    expect(head).toContain('content="&lt;b&gt;&quot;Tom&quot; &amp; Jerry&#39;s&lt;/b&gt;"');
    expect(head).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps the page whole whatever the name: $ patterns, quotes, </script>, </head> (issue 10 §5)', async () => {
    const [before, after] = BUILT_INDEX.split('</head>') as [string, string];
    for (const name of [
      'x $` y',
      "x $' y",
      'a $& b',
      '$$ and $1 and $0',
      '$<x> and $<',
      `"double" 'single'`,
      '</script><script>',
      '</head><head>',
      '<b>&amp; &lt;</b>',
    ]) {
      const list = await createList(alice.client, {
        name,
        description: "</script><script>alert(1)</script> $` $' $&",
        shareable_by_link: true,
      });
      const html = (await built.inject({ url: `/lists/${list.id}` })).body;
      // Exactly the page, with the tags before its </head> and nothing of it repeated.
      expect(html.startsWith(before), name).toBe(true);
      expect(html.endsWith(`\n</head>${after}`), name).toBe(true);
      expect(count(html, /<head[\s>]/g), name).toBe(1);
      expect(count(html, /<\/head>/g), name).toBe(1);
      expect(count(html, /<script/gi), name).toBe(count(BUILT_INDEX, /<script/gi));
      expect(count(html, /<\/script/gi), name).toBe(count(BUILT_INDEX, /<\/script/gi));
      const escaped = name
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;');
      expect(html, name).toContain(`<meta property="og:title" content="${escaped}">`);
      expect(html, name).toContain(`<meta name="twitter:title" content="${escaped}">`);
      expect(escapeHtml(name)).toBe(escaped);
    }
  });

  it('puts the tags in the page only once, and leaves a page without tags as it is', () => {
    const head = '<meta property="og:title" content="$` $\' $& $$ $1 $<x>">';
    expect(withExtraHead(BUILT_INDEX, head)).toBe(
      BUILT_INDEX.slice(0, BUILT_INDEX.indexOf('</head>')) +
        `${head}\n` +
        BUILT_INDEX.slice(BUILT_INDEX.indexOf('</head>')),
    );
    expect(withExtraHead(BUILT_INDEX, '')).toBe(BUILT_INDEX);
  });

  it('reveals nothing of a private or missing list', async () => {
    const list = await createList(alice.client, { name: 'Private walks', description: 'Mine' });
    for (const key of [list.slug, list.id, `${alice.username}-nothing`, 'plain', '99999999']) {
      expect(await openPage(key)).toBe('<head></head>');
    }
  });

  it('leaves /lists/{listId}/delete to the web app', async () => {
    const response = await page.inject({ method: 'GET', url: '/lists/5/delete' });
    expect(response.statusCode).toBe(404); // the stand-in has no SPA fallback; app.ts does
  });
});

describe('GET /api/lists/list/{slug}/preview.png', () => {
  it('draws a PNG card for a shareable list', async () => {
    const list = await createList(alice.client, { name: 'Card', shareable_by_link: true });
    const response = await t.app.inject({ url: `/api/lists/list/${list.slug}/preview.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(response.rawPayload.readUInt32BE(16)).toBe(1200); // IHDR width
    expect(response.rawPayload.readUInt32BE(20)).toBe(630);
  });

  it('has none for a private list, even for its owner, nor for a missing one', async () => {
    const list = await createList(alice.client, { name: 'No card' });
    const hidden = await alice.client.get(`/api/lists/list/${list.slug}/preview.png`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toEqual({ detail: LIST_MESSAGES.notPublic });
    const missing = await alice.client.get(`/api/lists/list/${alice.username}-x/preview.png`);
    expect(missing.statusCode).toBe(404);
  });
});
