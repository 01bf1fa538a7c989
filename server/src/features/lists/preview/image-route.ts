import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../context.ts';
import { viewableList } from '../access.ts';
import { renderListCard } from './card.ts';

/**
 * `GET /api/lists/list/{slug}/preview.png`: the Open Graph image of a shareable list.
 * PNG rather than SVG because WhatsApp, iMessage, Facebook and X don't show SVG cards.
 * Crawlers come without cookies, so only shareable lists have one (others 403/404).
 */
export async function previewImageRoute(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/list/:key/preview.png',
    {
      schema: {
        tags: ['lists'],
        summary: "A shareable list's link-preview image (1200×630 PNG)",
        params: z.object({ key: z.string().min(1).max(200) }),
        // 200 is image/png (no JSON schema); a list nobody may see answers 403/404 JSON.
      },
    },
    async (request, reply) => {
      const list = await viewableList(ctx.db, request.params.key, null);
      const png = renderListCard({
        name: list.name,
        owner: list.owner_username,
        spotCount: list.spot_count,
      });
      return reply.type('image/png').header('cache-control', 'public, max-age=600').send(png);
    },
  );
}
