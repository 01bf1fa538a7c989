import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@spotbook/contract';
import type { RouteOptions } from '../../../context.ts';
import { viewableList } from '../access.ts';
import { contentTag, isNotModified } from '../../pictures/content-tag.ts';
import { photoBytes } from '../../photos/repository.ts';
import { listCover } from './cover.ts';

/** Bump when the card's drawing changes, so caches drop cards they revalidate. */
const CARD_VERSION = 3;

/**
 * `GET /api/lists/list/{slug}/preview.png`: the Open Graph image of a shareable list.
 * PNG rather than SVG because WhatsApp, iMessage, Facebook and X don't show SVG cards.
 * Crawlers come without cookies, so only shareable lists have one (others 403/404).
 * Drawn in the app's picture pool and kept by content: the ETag is a digest of what the
 * card shows, so a crawler's revalidation is a 304 and a changed name a new card. The
 * list's cover photo (cover.ts) is part of it by id and content digest: deleting or
 * reordering photos changes the card; the photo's bytes are read only to draw one.
 */
export async function previewImageRoute(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/list/:key/preview.png',
    {
      schema: {
        tags: ['lists'],
        summary: "A shareable list's link-preview image (1200×630 PNG)",
        params: z.object({ key: text().min(1).max(200) }),
        // 200 is image/png (no JSON schema); a list nobody may see answers 403/404 JSON.
      },
    },
    async (request, reply) => {
      const list = await viewableList(ctx.db, request.params.key, null);
      const card = { name: list.name, owner: list.owner_username, spotCount: list.spot_count };
      const cover = await listCover(ctx.db, list.id);
      const etag = contentTag(['card', CARD_VERSION, card, cover ?? null]);
      // Headers only on answers about the picture: a 503 below carries none.
      const cached = () =>
        reply.header('etag', etag).header('cache-control', 'public, max-age=600');
      if (isNotModified(request.headers['if-none-match'], etag)) return cached().code(304).send();
      // The large version: the card's photo box is 480×630, more than a thumbnail has.
      // (A photo deleted since the query above just leaves this one card without it.)
      const coverBytes = cover && (await photoBytes(ctx.db, cover.id, 'large'));
      const png = await ctx.pictures.png(etag, { kind: 'card', card, cover: coverBytes });
      return cached().type('image/png').send(png);
    },
  );
}
