import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParam,
  REVIEW_MESSAGES,
  reviewListRefsSchema,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { listsHoldingSpot, visibleSpot } from './repository.ts';

/**
 * GET /api/list_reviews/list_review/for-review/{reviewId}/ (contract §4): the lists
 * holding a spot. Its author sees all of them; anyone else who may see the spot sees only
 * the author's shareable lists; for everyone else the spot doesn't exist (404).
 * Registered under /api/list_reviews beside the lists feature's writes; open to
 * signed-out viewers of a shared list, so it has no sign-in hook.
 */
export async function forReviewRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/list_review/for-review/:reviewId/',
    {
      schema: {
        tags: ['list reviews'],
        summary: 'The lists holding a spot (only shareable ones for non-authors)',
        params: z.object({ reviewId: idParam }),
        response: { 200: reviewListRefsSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const spot = await visibleSpot(ctx.db, request.params.reviewId, request.user);
      if (!spot) throw notFound(REVIEW_MESSAGES.spotNotFound);
      return listsHoldingSpot(ctx.db, spot, spot.user_id !== request.user?.id);
    },
  );
}
