import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParam, PHOTO_MESSAGES } from '@spotbook/contract';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { isNotModified } from '../pictures/content-tag.ts';
import { photoBytes, photoForServing } from './repository.ts';

const YEAR = 31_536_000;

/**
 * GET /api/photos/{id}/{large|thumb}.webp: a photo as its spot is seen (contract §4, §8):
 * its author, or anyone who may view a shareable list holding the spot; everyone else gets
 * the 404 of a photo that does not exist. A photo's bytes never change, so it may be kept
 * a year; `public` only while the spot is on a shareable list (shared caches may keep it),
 * `private` otherwise. Always WebP we encoded ourselves, with nosniff.
 */
export function servePhotoRoute(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/photos/:id/:file',
    {
      schema: {
        tags: ['photos'],
        summary: "A spot photo's large version or thumbnail (WebP)",
        params: z.object({ id: idParam, file: z.enum(['large.webp', 'thumb.webp']) }),
        response: { 200: z.any(), 304: z.null(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const photo = await photoForServing(db, id);
      const visible = photo && (photo.user_id === request.user?.id || photo.on_shareable_list);
      if (!photo || !visible) throw notFound(PHOTO_MESSAGES.photoNotFound);
      const variant = file === 'large.webp' ? 'large' : 'thumb';
      const etag = `"${photo.etag}-${variant}"`;
      const scope = photo.on_shareable_list ? 'public' : 'private';
      reply
        .header('etag', etag)
        .header('cache-control', `${scope}, max-age=${YEAR}, immutable`)
        .header('x-content-type-options', 'nosniff')
        // The answer differs by who asks (a private spot's photo is a 404 to others).
        .header('vary', 'Cookie');
      if (isNotModified(request.headers['if-none-match'], etag)) {
        return reply.status(304).send(null);
      }
      const bytes = await photoBytes(db, id, variant);
      if (!bytes) {
        // Deleted since the check above: a 404 that no cache may keep.
        reply.removeHeader('etag').removeHeader('cache-control');
        throw notFound(PHOTO_MESSAGES.photoNotFound);
      }
      return reply.type('image/webp').send(bytes);
    },
  );
}
