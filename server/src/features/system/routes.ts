import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema } from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';

const healthSchema = z.object({ status: z.literal('ok') });

export async function systemRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, places } = ctx;
  api.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthSchema } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  api.get(
    '/config/',
    { schema: { tags: ['system'], response: { 200: appConfigSchema } } },
    async () => ({
      contact_email: config.CONTACT_EMAIL,
      places_provider: config.PLACES_PROVIDER,
      openstreetmap_data:
        config.PLACES_PROVIDER === 'osm' || (places?.hasOpenStreetMapData?.() ?? false),
      maps: {
        // Google's map needs a key in the browser: offered only when a browser key is set.
        engine: config.GOOGLE_MAPS_BROWSER_KEY ? ('google' as const) : ('maplibre' as const),
        google_maps_api_key: config.GOOGLE_MAPS_BROWSER_KEY ?? null,
        style_url: config.MAP_STYLE_URL ?? '/api/map/style.json',
      },
    }),
  );
}
