import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  placeWithUserReviewSchema,
  placeSearchQuerySchema,
  placeSearchResponseSchema,
  text,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { placePhotoPath } from './photo-path.ts';
import { placePhotoRoutes } from './photo-routes.ts';
import { quickCaptureRoutes } from './quick-capture-routes.ts';
import { placeDetailsFromRow, placeForUser, userReviewOfPlace, type PlaceRow } from './store.ts';

const tags = ['places'];
const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  503: errorResponseSchema,
};

/** A stored place's details; a provider photo is always served through our cache. */
function placeDetails(row: PlaceRow) {
  const details = placeDetailsFromRow(row);
  return row.photo_ref ? { ...details, previewImageUrl: placePhotoPath(row.id) } : details;
}

/**
 * `/api/places/…`: the photo route is public (shared lists show photos to signed-out
 * viewers); everything else needs a signed-in user.
 */
export async function placeRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  // Only ctx is passed on: re-passing our own options would repeat their `prefix`.
  await app.register(placePhotoRoutes, { ctx });
  await app.register(async (signedIn: FastifyInstance) => {
    // onRequest, before validation: signed out, the answer is contract §2's 403, not a 400.
    signedIn.addHook('onRequest', requireUser);
    await signedIn.register(searchRoutes, { ctx });
    await signedIn.register(quickCaptureRoutes, { ctx });
  });
}

async function searchRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, places } = ctx;

  api.get(
    '/search/',
    {
      schema: {
        tags,
        summary: 'Cities and regions (kind=city) or places near a point (kind=place)',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { query, kind, lat, lng } = request.query;
      const results = await (kind === 'place'
        ? places.searchPlaces(query, { lat: lat!, lng: lng! })
        : places.searchCities(query));
      return { results };
    },
  );

  api.get(
    '/place/:placeId',
    {
      schema: {
        tags,
        summary: "A place's details and the caller's spot of it, if any",
        params: z.object({ placeId: text().min(1).max(300) }),
        response: { 200: placeWithUserReviewSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { placeId } = request.params;
      const row = await placeForUser(db, places, user.id, placeId);
      if (!row) throw notFound('Place not found.');
      return {
        ...placeDetails(row),
        user_review: await userReviewOfPlace(db, user.id, placeId),
      };
    },
  );
}
