import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../context.ts';

const healthSchema = z.object({ status: z.literal('ok') });

/** What the web app needs to know about this deployment; nothing secret but the
 * Google Maps browser key, which Google expects in the page and is restricted by referrer. */
const clientConfigSchema = z.object({
  contact_email: z.string(),
  places_provider: z.enum(['embedded', 'osm', 'google']),
  maps: z.object({
    engine: z.enum(['maplibre', 'google']),
    google_maps_api_key: z.string().nullable(),
    style_url: z.string(),
  }),
});

export async function systemRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;
  api.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthSchema } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  api.get(
    '/config/',
    { schema: { tags: ['system'], response: { 200: clientConfigSchema } } },
    async () => ({
      contact_email: config.CONTACT_EMAIL,
      places_provider: config.PLACES_PROVIDER,
      maps: {
        engine: config.GOOGLE_MAPS_API_KEY ? ('google' as const) : ('maplibre' as const),
        google_maps_api_key: config.GOOGLE_MAPS_API_KEY ?? null,
        style_url: config.MAP_STYLE_URL ?? '/api/map/style.json',
      },
    }),
  );
}
