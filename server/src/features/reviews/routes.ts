import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParam,
  metadataSchema,
  REVIEW_MESSAGES,
  reviewListQuerySchema,
  reviewSchema,
  reviewsPageSchema,
  reviewUpdateSchema,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { sendGzippedJson, sendJson } from '../../lib/send-json.ts';
import { readBesideSession } from '../../plugins/read-beside-session.ts';
import { currentUser, requireUser, settleSession, writingSession } from '../../plugins/session.ts';
import { createPlaceReviewRoute } from './create-route.ts';
import { editBesideSession } from './edit-beside-session.ts';
import { galleryReader } from './gallery.ts';
import { cachedGallery } from './gallery-cache.ts';
import { spotMetadataReader } from './metadata.ts';
import * as spots from './repository.ts';

const tags = ['reviews'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const idParams = z.object({ id: idParam });

/** `/api/reviews/…`: the signed-in user's spots; a single spot also for viewers of a shared list. */
export async function reviewRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, dialect } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per app instance: each one has its own database (tests run several in one process).
  const galleryJson = cachedGallery(db, galleryReader(db, dialect));
  const spotMetadata = spotMetadataReader(db);

  /** The caller's own spot, or a 404 that says nothing more. */
  const ownSpotOr404 = async (id: number, userId: number) => {
    const spot = await spots.ownSpot(db, id, userId);
    if (!spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
    return spot;
  };

  api.get(
    '/review/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Your spots: search, filters, sort, paging',
        querystring: reviewListQuerySchema,
        response: { 200: reviewsPageSchema, ...errors },
      },
    },
    // Sent as the JSON string built (and checked against the schema) once per version,
    // which the session hook read with the session and the counters (plugins/session.ts).
    async (request, reply) => {
      const counters = request.galleryCounters ?? undefined;
      const json = await galleryJson(currentUser(request).id, request.query, counters);
      return sendJson(reply, json);
    },
  );

  api.get(
    '/review/metadata/',
    {
      onRequest: requireUser,
      // The list counts come with the session's read (plugins/session.ts).
      config: { readsListCounts: true },
      schema: {
        tags,
        summary: 'Counts and filter options',
        response: { 200: metadataSchema, ...errors },
      },
    },
    // Put together around the kept filter options, gzipped as kept to a client that takes
    // gzip (the Content-Encoding makes @fastify/compress leave it alone; metadata.ts), at
    // the gallery version and with the counts the session hook read.
    async (request, reply) => {
      const { galleryCounters: counters, listCounts: lists } = request;
      const known = counters && lists ? { counters, lists } : undefined;
      const answer = await spotMetadata(currentUser(request).id, known);
      return sendGzippedJson(request, reply, answer);
    },
  );

  // The spot is read beside the session: who may see it is decided once both are known.
  const spotRead = readBesideSession(idParams, ({ id }) => spots.spotAnswer(db, id));
  api.get(
    '/review/:id/',
    {
      config: spotRead.config,
      schema: {
        tags,
        summary: 'One spot: for its author, or anyone who may view a shared list holding it',
        params: idParams,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => {
      const read = await spotRead.result(request);
      const spot = await spots.visibleSpotAnswer(db, read, request.user);
      if (!spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
      return spot;
    },
  );

  // Whose spot it is is decided once the session is known too (editSpot); an edit that
  // keeps the text is sent beside both reads on PostgreSQL (edit-beside-session.ts).
  const spotToEdit = readBesideSession(idParams, ({ id }) => spots.findSpotToEdit(db, id));
  api.put(
    '/review/:id/',
    {
      onRequest: requireUser,
      config: { ...spotToEdit.config, writesBesideSession: true },
      schema: {
        tags,
        summary: 'Edit your spot; `lists` is the full set of your lists it should be on',
        params: idParams,
        body: reviewUpdateSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => {
      return editBesideSession(db, {
        id: request.params.id,
        session: writingSession(request),
        read: spotToEdit.result(request),
        body: request.body,
        signedIn: async () => {
          await settleSession(request);
          return request.user !== null;
        },
      });
    },
  );

  api.delete(
    '/review/:id/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete your spot (it leaves every list; the place stays)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const spot = await ownSpotOr404(request.params.id, user.id);
      await spots.deleteSpot(db, spot.id, user.id);
      return reply.status(204).send(null);
    },
  );

  createPlaceReviewRoute(app, ctx);
}
