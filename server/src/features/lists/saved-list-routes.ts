import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParam,
  LIST_MESSAGES,
  listPageQuerySchema,
  savedListCreateSchema,
  savedListSchema,
  savedListsPageSchema,
  text,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { viewableList } from './access.ts';
import { findList } from './repository.ts';
import {
  findFollow,
  follow,
  presentSavedList,
  savedListsPage,
  unfollow,
} from './saved-lists-repository.ts';

const tags = ['saved lists'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** `/api/saved_lists/…`: the caller's follows of other people's shareable lists. */
export async function savedListRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);

  api.get(
    '/saved_list/',
    {
      schema: {
        tags,
        summary: 'Followed lists that are still shareable, newest first',
        querystring: listPageQuerySchema,
        response: { 200: savedListsPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await savedListsPage(db, currentUser(request).id, request.query);
      return { count: page.count, results: page.results.map(presentSavedList) };
    },
  );

  api.post(
    '/saved_list/',
    {
      schema: {
        tags,
        summary: "Follow someone else's shareable list (again: the existing entry, 200)",
        body: savedListCreateSchema,
        response: { 200: savedListSchema, 201: savedListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const list = await findList(db, request.body.list_slug);
      if (!list) throw notFound(LIST_MESSAGES.listNotFound);
      if (list.user_id === user.id) throw badRequest(LIST_MESSAGES.followOwnList);
      if (list.shareable_by_link !== 1) throw forbidden(LIST_MESSAGES.notPublic);
      const { row, created } = await follow(db, user.id, list.id);
      if (!row) throw forbidden(LIST_MESSAGES.notPublic); // unshared while we wrote
      return reply.status(created ? 201 : 200).send(presentSavedList(row));
    },
  );

  for (const url of ['/saved_list/by-slug/:slug', '/saved_list/by-slug/:slug/']) {
    api.get(
      url,
      {
        schema: {
          tags,
          summary: "The caller's follow of a list, by its current or an old slug",
          params: z.object({ slug: text().min(1).max(200) }),
          response: { 200: savedListSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        // A list the caller may not see answers like any list they may not see.
        const list = await viewableList(db, request.params.slug, user);
        const row = await findFollow(db, user.id, list.id);
        if (!row) throw notFound(LIST_MESSAGES.notFollowing);
        return presentSavedList(row);
      },
    );
  }

  api.delete(
    '/saved_list/:id/',
    {
      schema: {
        tags,
        summary: 'Unfollow',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await unfollow(db, currentUser(request).id, request.params.id))) {
        throw notFound(LIST_MESSAGES.notFollowing);
      }
      return reply.status(204).send(null);
    },
  );
}
