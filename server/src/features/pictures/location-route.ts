import { text } from '@spotbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { sendMapPicture } from './send-map-picture.ts';

/** Bump when the drawing changes, so caches drop pictures they revalidate. */
const DRAWING_VERSION = 1;
/**
 * The spot card's picture box is 4:3 and at most ~340 CSS px wide (the lists' grid);
 * drawn at pixel ratio 2 for sharp screens: 640 × 480 device px, 25–60 KB.
 */
const PICTURE = { width: 320, height: 240, pixelRatio: 2 } as const;
/** A region of ~1,500 km: its coasts and borders tell places apart at a glance. */
const ZOOM = 4;
export const LOCATION_NOT_FOUND_DETAIL = 'No such location picture.';

/**
 * A coordinate exactly as locationPicturePath writes it (3 decimals; "-0.000" too), within
 * `limit`: any other spelling of the same point would be a second cache entry and a second
 * drawing, so it is not an address of ours (404).
 */
function coordinate(value: string, limit: number): number {
  const n = Number(value);
  const canonical =
    /^-?\d{1,3}\.\d{3}$/.test(value) && n.toFixed(3) === value.replace(/^-(?=0\.000$)/, '');
  if (!canonical || Math.abs(n) > limit) throw new HttpError(404, LOCATION_NOT_FOUND_DETAIL);
  return n + 0; // -0 → 0: "-0.000" and "0.000" are drawn (and cached) once
}

/**
 * `GET /api/pictures/location/{lat}/{lng}.png` (issue 13): the small picture of a spot's
 * own location a card shows when the spot has no photo — the offline basemap around the
 * point with one pin, drawn in the app's picture pool and kept by content like the list
 * map pictures. Public, like the shared list whose cards show it: its address already
 * holds everything it shows (a point, to ~100 m), so the picture reveals nothing more
 * and any cache may keep it for a day.
 */
export async function locationPictureRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/location/:lat/:lng.png',
    {
      schema: {
        tags: ['pictures'],
        summary: "A picture of a spot's location on the offline basemap (640×480 PNG)",
        params: z.object({ lat: text().min(1).max(16), lng: text().min(1).max(16) }),
        querystring: z.object({ theme: z.enum(['light', 'dark']).default('light') }),
        // 200 is image/png (no JSON schema); a malformed coordinate is a JSON 404.
      },
    },
    async (request, reply) => {
      const lat = coordinate(request.params.lat, 90);
      const lng = coordinate(request.params.lng, 180);
      const { theme } = request.query;
      const picture = {
        // Web Mercator ends at ±85.05°: a point beyond is drawn at the map's edge.
        camera: { lat: Math.max(-85, Math.min(85, lat)), lng, zoom: ZOOM },
        ...PICTURE,
        theme,
        pins: [{ lat, lng, visited: false }],
      };
      return sendMapPicture(ctx, request, reply, {
        tagged: ['location', DRAWING_VERSION, ctx.basemap.version, picture],
        picture,
        cacheControl: 'public, max-age=86400',
      });
    },
  );
}
