import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { PhotoCache, PhotoUnavailableError } from './photos.ts';
import { findPlace, isCustomPlaceId } from './store.ts';

const NO_PHOTO = 'This place has no photo.';

/**
 * `GET /api/places/photo/{placeId}`: a stored place's provider photo, from our cache.
 * Public on purpose: spot cards on a shared list show it to signed-out viewers, and a
 * provider place's photo is no secret. Only stored provider places with a photo
 * reference are fetched, so nobody can make the server fetch what they choose.
 */
export async function placePhotoRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const photos = new PhotoCache(ctx.config.DATA_DIR);

  api.get(
    '/photo/:placeId',
    {
      schema: {
        tags: ['places'],
        summary: "A place's preview photo (cached copy of the provider's, long-lived)",
        params: z.object({ placeId: text().min(1).max(300) }),
        // No response schemas: the 200 is image bytes, errors go through the error handler.
      },
    },
    async (request, reply) => {
      const { placeId } = request.params;
      if (isCustomPlaceId(placeId)) throw notFound(NO_PHOTO);
      const row = await findPlace(ctx.db, placeId);
      if (!row?.photo_ref) throw notFound(NO_PHOTO);
      let photo;
      try {
        photo = await photos.get(placeId, () => ctx.places.photoUrl?.(row.photo_ref) ?? null);
      } catch (error) {
        if (!(error instanceof PhotoUnavailableError)) throw error;
        request.log.warn({ placeId, reason: error.message }, 'place photo unavailable');
        throw new HttpError(503, 'The photo is unavailable right now.');
      }
      if (!photo) throw notFound(NO_PHOTO);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(photo.contentType)
        .send(photo.bytes);
    },
  );
}
