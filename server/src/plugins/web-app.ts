import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { looksLikeApiPath } from './api-route.ts';
import { withExtraHead } from '../lib/html-head.ts';
import { apiNotFound } from './errors.ts';
import { pageDataBlock } from './page-data.ts';
import { pagePreloads } from './page-preloads.ts';

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Shared lists are public pages worth indexing; the API is not. */
const ROBOTS_TXT = `User-agent: *
Allow: /lists/
Disallow: /api/
`;

let indexHtml: string | undefined;

/** The built index.html, optionally with extra tags in <head> (link previews). */
export function renderIndexHtml(extraHead = ''): string | undefined {
  if (indexHtml === undefined) {
    const file = path.join(WEB_DIST, 'index.html');
    if (!existsSync(file)) return undefined;
    indexHtml = readFileSync(file, 'utf8');
  }
  return withExtraHead(indexHtml, extraHead);
}

const preloadsFor = pagePreloads(WEB_DIST);

/**
 * Answers a page: index.html with `extraHead` (link previews), the page's own chunks as
 * preloads, and the API answers it would ask for first (the session; the list on a list
 * page) as a JSON block, so a phone starts drawing the page one or two round trips sooner
 * (issue 14 §4). The block is this browser's own: the page is never stored for another
 * (`no-cache`, and `Vary: Cookie` when it carries answers).
 */
export async function sendIndexHtml(reply: FastifyReply, extraHead = '') {
  if (renderIndexHtml() === undefined) {
    return reply
      .status(503)
      .type('text/plain')
      .send('The web app is not built: run `npm run build`.');
  }
  const { request } = reply;
  const pathname = request.url.split('?', 1)[0]!;
  const data = await pageDataBlock(request, pathname).catch((err: unknown) => {
    request.log.warn({ err }, 'page data failed'); // the page asks the API itself then
    return { script: '', setCookies: [], signedIn: false };
  });
  const head = [preloadsFor(pathname, data.signedIn), extraHead, data.script]
    .filter(Boolean)
    .join('\n');
  for (const cookie of data.setCookies) reply.header('set-cookie', cookie);
  if (data.script) reply.header('vary', 'Cookie');
  return reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(renderIndexHtml(head));
}

/**
 * Serves the built SPA on the API's origin: hashed assets cached for a year, every
 * other non-API path answered with index.html so client routes open directly.
 * Unknown /api/ paths get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance) {
  if (existsSync(WEB_DIST)) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each file (web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain').send(ROBOTS_TXT),
  );
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (an old page after a redeploy) is a 404, not the HTML page
    // the browser would then refuse as a script. The path is judged decoded and
    // case-folded, so /%61pi/… or /API/… is an API 404 too, never the page.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !looksLikeApiPath(request.url) &&
      !request.url.startsWith('/assets/');
    return isPage ? sendIndexHtml(reply) : apiNotFound(reply);
  });
}
