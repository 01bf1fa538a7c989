import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParam,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  photoListSchema,
  photoOrderSchema,
  photoSchema,
  REVIEW_MESSAGES,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { ownSpot } from '../reviews/repository.ts';
import { servePhotoRoute } from './serve-route.ts';
import { processQueued } from './processing-queue.ts';
import * as photos from './repository.ts';
import { readPhotoFile } from './upload.ts';

const tags = ['photos'];
const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
};
const spotParams = z.object({ id: idParam });

/**
 * Runtime contract §8: a spot's photos, written by its author only (for anyone else the
 * spot does not exist: 404), registered under /api.
 */
export async function photoRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const ownSpotOr404 = async (id: number, userId: number) => {
    const spot = await ownSpot(db, id, userId);
    if (!spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
    return spot;
  };

  api.post(
    '/reviews/review/:id/photos/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Add a photo to your spot (multipart/form-data, field `file`)',
        consumes: ['multipart/form-data'],
        params: spotParams,
        // Read by the handler from the stream (readPhotoFile), so any body passes here;
        // documented for the API docs and the fuzzer, which sends hostile files to it.
        body: z.unknown().meta({
          type: 'object',
          properties: { file: { type: 'string', format: 'binary' } },
          required: ['file'],
        }),
        response: { 201: photoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const spot = await ownSpotOr404(request.params.id, user.id);
      // Cheap refusals before reading 15 MB and decoding it; checked again when stored.
      if ((await photos.spotPhotoCount(db, spot.id)) >= PHOTO_LIMITS.perSpot) {
        throw new HttpError(400, PHOTO_MESSAGES.tooManyPhotos);
      }
      const quotaBytes = ctx.config.PHOTO_ACCOUNT_QUOTA_BYTES;
      if ((await photos.usedBytes(db, user.id)) >= quotaBytes) {
        throw new HttpError(413, PHOTO_MESSAGES.quotaFull(quotaBytes));
      }
      const file = await processQueued(await readPhotoFile(request));
      const photo = await photos.insertPhoto(
        db,
        { reviewId: spot.id, userId: user.id, quotaBytes },
        file,
      );
      return reply.status(201).send(photo);
    },
  );

  api.delete(
    '/reviews/review/:id/photos/:photoId/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete a photo of your spot',
        params: z.object({ id: idParam, photoId: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const spot = await ownSpotOr404(request.params.id, currentUser(request).id);
      if (!(await photos.deletePhoto(db, spot.id, request.params.photoId))) {
        throw notFound(PHOTO_MESSAGES.photoNotFound);
      }
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/reviews/review/:id/photos/order/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Order your spot's photos (every id once, cover first)",
        params: spotParams,
        body: photoOrderSchema,
        response: { 200: photoListSchema, ...errors },
      },
    },
    async (request) => {
      const spot = await ownSpotOr404(request.params.id, currentUser(request).id);
      return photos.reorderPhotos(db, spot.id, request.body.ids);
    },
  );

  servePhotoRoute(app, ctx);
}
