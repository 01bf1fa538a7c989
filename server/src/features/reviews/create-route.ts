import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdReviewSchema,
  createPlaceReviewSchema,
  errorResponseSchema,
  REVIEW_MESSAGES,
} from '@spotbook/contract';
import type { AppContext } from '../../context.ts';
import { fieldError, notAuthenticated } from '../../lib/errors.ts';
import { requireUser, settleSession, writingSession } from '../../plugins/session.ts';
import { createPlaceReview } from './create.ts';

const errors = {
  // The 400 of a second spot for one place points at the spot the caller already has.
  400: errorResponseSchema.extend({ review_id: z.number().optional() }),
  403: errorResponseSchema,
  503: errorResponseSchema,
};

/** POST /api/reviews/create-place-review/ (part of reviewRoutes). */
export function createPlaceReviewRoute(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/create-place-review/',
    {
      onRequest: requireUser,
      // Its statement checks the session: on PostgreSQL it is sent beside the session's read.
      config: { writesBesideSession: true },
      schema: {
        tags: ['reviews'],
        summary: 'Create your spot of a place (by place id), optionally on one of your lists',
        body: createPlaceReviewSchema,
        response: { 201: createdReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = writingSession(request);
      // A places outage is answered 503 by the app's error handler. Both awaited together:
      // a failure of either is answered, never left unhandled.
      const [outcome] = await Promise.all([
        createPlaceReview(db, ctx.places, session, request.body),
        settleSession(request),
      ]);
      switch (outcome.kind) {
        case 'signedOut':
          throw notAuthenticated();
        case 'notYourList':
          throw fieldError('list_id', REVIEW_MESSAGES.notYourList);
        case 'unknownPlace':
          throw fieldError('place', REVIEW_MESSAGES.unknownPlace);
        case 'duplicate':
          return reply
            .status(400)
            .send({ detail: REVIEW_MESSAGES.alreadyReviewed, review_id: outcome.id });
        case 'created':
          return reply.status(201).send({ ...outcome.spot, firstSpot: outcome.firstSpot });
      }
    },
  );
}
