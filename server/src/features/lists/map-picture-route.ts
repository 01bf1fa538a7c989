import {
  DEFAULT_MAP_VIEW,
  mapPictureFrame,
  mapPictureQuerySchema,
  OFFLINE_FIT_MAX_ZOOM,
  pictureCamera,
  pinBounds,
  text,
} from '@spotbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { sendMapPicture } from '../pictures/send-map-picture.ts';
import { viewableList } from './access.ts';

/** Bump when the drawing changes, so browsers drop pictures they revalidate. */
const DRAWING_VERSION = 3;
/** Device pixels a picture may have (2048 × 2048): a larger one is drawn at ratio 1. */
const MAX_PIXELS = 2048 * 2048;

/** Where a list's spots are and whether each was visited, in the list page's order. */
async function listPins(db: Db, listId: number) {
  const rows = await db
    .selectFrom('list_reviews as lr')
    .innerJoin('reviews as r', 'r.id', 'lr.review_id')
    .innerJoin('places as p', 'p.id', 'r.place_id')
    .select(['p.lat', 'p.lng', 'r.visited'])
    .where('lr.list_id', '=', listId)
    .orderBy('lr.added_at', 'desc')
    .orderBy('lr.id', 'desc')
    .execute();
  return rows.map((row) => ({ lat: row.lat, lng: row.lng, visited: Boolean(row.visited) }));
}

/**
 * `GET /api/lists/list/{key}/map.png`: a picture of the list's map as the page will show
 * it — the offline basemap, fitted to the spots for the map's size, with the clusters
 * and pins — which the list page shows in the map's place until MapLibre has drawn
 * (docs/decisions/010-map-picture.md). The map is for signed-in viewers (spec §6), so
 * is its picture. A size is rounded up to its bucket (mapPictureFrame), drawn around the
 * camera every map box of that bucket opens at. The ETag is a digest of everything drawn
 * and the key of the app's picture cache: a repeat visit is a 304, and a list opened by
 * several people is drawn once, in the picture pool's worker thread.
 */
export async function mapPictureRoute(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/list/:key/map.png',
    {
      onRequest: requireUser,
      schema: {
        tags: ['lists'],
        summary: "A picture of the list's map (PNG), shown until the interactive map is ready",
        params: z.object({ key: text().min(1).max(200) }),
        querystring: mapPictureQuerySchema,
        // 200 is image/png (no JSON schema); errors are the usual JSON `detail`.
      },
    },
    async (request, reply) => {
      const list = await viewableList(ctx.db, request.params.key, currentUser(request));
      const pins = await listPins(ctx.db, list.id);
      const { theme } = request.query;
      const { width, height } = mapPictureFrame(request.query).picture;
      const pixelRatio =
        width * height * request.query.pixel_ratio ** 2 > MAX_PIXELS
          ? 1
          : request.query.pixel_ratio;
      const bounds = pinBounds(pins);
      const camera = bounds
        ? pictureCamera(bounds, { width, height }, OFFLINE_FIT_MAX_ZOOM)
        : DEFAULT_MAP_VIEW;
      const picture = { camera, width, height, pixelRatio, theme, pins };
      return sendMapPicture(ctx, request, reply, {
        tagged: ['map', DRAWING_VERSION, picture],
        picture,
        cacheControl: 'private, no-cache',
      });
    },
  );
}
