import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParam,
  LIST_MESSAGES,
  listReviewCreateSchema,
  listReviewSchema,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { ownedList } from './access.ts';
import { addToList, isOwnReview, removeFromList } from './list-reviews-repository.ts';

const tags = ['list reviews'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * `/api/list_reviews/…` writes (contract §4 "Adding to a list"): the list and the spot
 * must both be the caller's. Someone else's list is a 403; someone else's spot is a 404,
 * like a missing one, since spots are private to their author.
 */
export async function listReviewRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);

  api.post(
    '/list_review/',
    {
      schema: {
        tags,
        summary: 'Add one of your spots to one of your lists, with an optional note',
        body: listReviewCreateSchema,
        response: { 201: listReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { list: listId, review, notes } = request.body;
      const list = await ownedList(db, String(listId), user, LIST_MESSAGES.notListOwner);
      if (!(await isOwnReview(db, review, user.id))) throw notFound(LIST_MESSAGES.spotNotFound);
      const entry = await addToList(db, { listId: list.id, reviewId: review, notes });
      if (!entry) throw badRequest(LIST_MESSAGES.alreadyOnList);
      return reply.status(201).send(entry);
    },
  );

  api.delete(
    '/list_review/remove/:listId/:reviewId/',
    {
      schema: {
        tags,
        summary: 'Take a spot off one of your lists (the spot itself stays)',
        params: z.object({ listId: idParam, reviewId: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { listId, reviewId } = request.params;
      const list = await ownedList(db, String(listId), currentUser(request));
      if (!(await removeFromList(db, list.id, reviewId))) throw notFound(LIST_MESSAGES.notOnList);
      return reply.status(204).send(null);
    },
  );
}
