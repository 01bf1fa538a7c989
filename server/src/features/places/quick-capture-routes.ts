import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customPlaceSchema,
  errorResponseSchema,
  placeDetailsSchema,
  placeResolveQuerySchema,
  placeResolveResponseSchema,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';
import { createCustomPlace } from './custom-places.ts';
import { resolvePlaceLink } from './link-resolve.ts';
import { placeDetailsFromRow } from './store.ts';
import { orWhenUnavailable } from './unavailable.ts';

const tags = ['places'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema };

/** Issue #3 §2: a place by hand (a pin, a name, a category) and pasted map links. */
export async function quickCaptureRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, places } = ctx;

  api.post(
    '/custom/',
    {
      schema: {
        tags,
        summary: 'Add a place no provider knows: a pin with a name and a category',
        body: customPlaceSchema,
        response: { 201: placeDetailsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { areaId, ...place } = request.body;
      // The area only names where the pin is; a provider outage just leaves it unnamed.
      const area = areaId ? await orWhenUnavailable(null, () => places.getPlace(areaId)) : null;
      const row = await createCustomPlace(db, user.id, place, area);
      return reply.status(201).send(placeDetailsFromRow(row));
    },
  );

  api.get(
    '/resolve/',
    {
      schema: {
        tags,
        summary: 'Read a Google Maps, OpenStreetMap or Apple Maps link, or "lat, lng"',
        querystring: placeResolveQuerySchema,
        response: { 200: placeResolveResponseSchema, ...errors },
      },
    },
    async (request) => resolvePlaceLink(places, request.query.q),
  );
}
