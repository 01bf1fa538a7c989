import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiNotFound } from './errors.ts';

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

let indexHtml: string | undefined;

/** The built index.html, optionally with extra tags in <head> (link previews). */
export function renderIndexHtml(extraHead = ''): string | undefined {
  if (indexHtml === undefined) {
    const file = path.join(WEB_DIST, 'index.html');
    if (!existsSync(file)) return undefined;
    indexHtml = readFileSync(file, 'utf8');
  }
  return extraHead ? indexHtml.replace('</head>', `${extraHead}\n</head>`) : indexHtml;
}

export function sendIndexHtml(reply: FastifyReply, extraHead = '') {
  const html = renderIndexHtml(extraHead);
  if (html === undefined) {
    return reply
      .status(503)
      .type('text/plain')
      .send('The web app is not built: run `npm run build`.');
  }
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
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
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (an old page after a redeploy) is a 404, not the HTML page
    // the browser would then refuse as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/assets/');
    return isPage ? sendIndexHtml(reply) : apiNotFound(reply);
  });
}
