import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  exampleListsSchema,
  listDetailSchema,
  listFormSchema,
  listPageQuerySchema,
  listsPageSchema,
  listUpdateSchema,
  text,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { readBesideSession } from '../../plugins/read-beside-session.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { listViewableBy, ownedList, presentList } from './access.ts';
import { exampleLists } from './examples/example-lists.ts';
import { sendListAnswer } from './list-answer-cache.ts';
import { createList, deleteList, updateList } from './list-writes.ts';
import { mapPictureRoute } from './map-picture-route.ts';
import { previewImageRoute } from './preview/image-route.ts';
import { findList, ownListsPage } from './repository.ts';

const tags = ['lists'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
/** A list's id or one of its slugs (current or old). */
const keyParams = z.object({ key: text().min(1).max(200) });

/** `/api/lists/…`: one public read (a list by id or slug), everything else the owner's. */
export async function listRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, listAnswers } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The list is read beside the session: whether the caller may see it is decided once
  // both are known.
  const listRead = readBesideSession(keyParams, ({ key }) => findList(db, key));
  for (const url of ['/list/:key', '/list/:key/']) {
    api.get(
      url,
      {
        config: listRead.config,
        schema: {
          tags,
          summary: 'A list with its spots, newest-added first (owner, or anyone if shareable)',
          params: keyParams,
          response: { 200: listDetailSchema, ...errors },
        },
      },
      // Sent as the JSON built (and checked against the schema) once per list version.
      async (request, reply) => {
        const list = listViewableBy(await listRead.result(request), request.user);
        // The page asks for pictures next: a signed-in viewer's for its map picture, and
        // anyone's for the location picture of each card without a photo. A drawing
        // thread takes ~0.7 s to start; started now, it is ready when they come.
        if (request.user || list.spot_count > 0) ctx.pictures.warm();
        return sendListAnswer(request, reply, await listAnswers.answer(list));
      },
    );
  }
  await app.register(previewImageRoute, { ctx });
  await app.register(mapPictureRoute, { ctx });
  await app.register(ownListRoutes, { ctx });
}

async function ownListRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db, listAnswers } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);

  api.get(
    '/list/',
    {
      schema: {
        tags,
        summary: "The caller's lists, newest first",
        querystring: listPageQuerySchema,
        response: { 200: listsPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await ownListsPage(db, currentUser(request).id, request.query);
      return { count: page.count, results: page.results.map(presentList) };
    },
  );

  api.post(
    '/list/',
    {
      schema: { tags, body: listFormSchema, response: { 201: listDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const list = await createList(db, currentUser(request), request.body);
      // Spec §3's List always has `reviews`; a new list has none yet.
      return reply.status(201).send({ ...presentList(list), reviews: [] });
    },
  );

  api.patch(
    '/list/:key/',
    {
      schema: {
        tags,
        params: keyParams,
        body: listUpdateSchema,
        response: { 200: listDetailSchema, ...errors },
      },
    },
    // The answer a GET of the list gets, from the same kept answers: built once for the new
    // version (off the event loop when big), and the list page's next read finds it kept.
    async (request, reply) => {
      const list = await ownedList(db, request.params.key, currentUser(request));
      const updated = await updateList(db, list, request.body);
      return sendListAnswer(request, reply, await listAnswers.answer(updated));
    },
  );

  api.delete(
    '/list/:key/',
    { schema: { tags, params: keyParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const list = await ownedList(db, request.params.key, currentUser(request));
      await deleteList(db, list.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/examples/',
    {
      schema: {
        tags,
        summary: 'The example public lists shown when nothing is followed yet',
        response: { 200: exampleListsSchema, ...errors },
      },
    },
    async () => ({ results: await exampleLists(db) }),
  );
}
