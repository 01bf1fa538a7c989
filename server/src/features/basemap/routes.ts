import type {} from '@fastify/swagger'; // `tags` and `summary` in route schemas
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@spotbook/contract';
import { assetOf, lazy, makeAsset, sendAsset, type Asset } from './assets.ts';
import { fontFiles, readFontFile } from './fonts.ts';
import type { Basemap } from './basemap.ts';
import { buildStyle } from './style.ts';
import { TILE_MAX_ZOOM } from './tiles.ts';
import { PALETTES, type Theme } from './themes.ts';

const YEAR = 365 * 24 * 3600;
const EMPTY = Buffer.alloc(0);
const STYLE_MAX_AGE = 300;

const THEMES = Object.keys(PALETTES) as [Theme, ...Theme[]];
/** Any other or no theme is the light one, as a link shared with a typo still works. */
const styleQuery = z.object({ theme: z.enum(THEMES).catch('light') });

const coordinate = text()
  .regex(/^\d{1,8}$/)
  .transform(Number);
/** A tile outside the world names nothing: a failed path parameter is a 404 (errors.ts). */
const tileParams = z
  .object({ z: coordinate, x: coordinate, y: coordinate })
  .refine(({ z, x, y }) => z <= TILE_MAX_ZOOM && x < 2 ** z && y < 2 ** z, 'No such tile.');
/** Only a URL with the current version may be cached for good; anything else is not it. */
const tileQuery = z.object({ v: text().optional().catch(undefined) });

/**
 * The offline basemap (spec §2 "maps", issue #3 §3): a MapLibre style and the vector
 * tiles it draws, all derived from npm packages. Tile URLs carry a version, so browsers
 * may keep them for a year; the style itself is cheap and short-lived. The tiles come
 * from the app's Basemap (basemap.ts), cut once per version into DATA_DIR.
 */
export async function basemapRoutes(
  app: FastifyInstance,
  { basemap }: { basemap: Basemap },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { version } = basemap;
  const json = 'application/json; charset=utf-8';
  const pbf = 'application/x-protobuf';

  /**
   * A browser that asks for the style asks for its tiles next, so the style request
   * starts the (one-off, a few seconds) build. Not at start-up: test apps and servers
   * whose users never open a map should not pay for it.
   */
  const prepareData = () => {
    basemap
      .ready()
      .catch((error: unknown) => app.log.warn({ err: error }, 'building the basemap tiles failed'));
  };
  const styles = Object.fromEntries(
    THEMES.map((theme) => [
      theme,
      lazy(() => makeAsset(JSON.stringify(buildStyle(theme, version)), json, version)),
    ]),
  ) as Record<Theme, () => Promise<Asset>>;

  api.get(
    '/api/map/style.json',
    {
      schema: {
        tags: ['map'],
        summary: 'MapLibre style of the offline basemap; ?theme=dark for the dark one',
        querystring: styleQuery,
      },
    },
    async (request, reply) => {
      prepareData();
      return sendAsset(request, reply, await styles[request.query.theme](), STYLE_MAX_AGE);
    },
  );

  api.get(
    '/api/map/tiles/:z/:x/:y.pbf',
    {
      schema: {
        tags: ['map'],
        summary: 'A vector tile of the offline basemap (land, borders, countries, places)',
        params: tileParams,
        querystring: tileQuery,
      },
    },
    async (request, reply) => {
      const { z, x, y } = request.params;
      const maxAge = request.query.v === version ? YEAR : STYLE_MAX_AGE;
      // Open ocean: an empty tile, which MapLibre draws as nothing.
      const { body, gzipped } = (await basemap.tile(z, x, y)) ?? { body: EMPTY, gzipped: EMPTY };
      return sendAsset(request, reply, assetOf(body, gzipped, pbf, version), maxAge);
    },
  );

  const fonts = new Map(
    fontFiles().map(({ file }) => [
      file,
      lazy(async () => makeAsset(await readFontFile(file), 'font/woff2', version)),
    ]),
  );
  api.get(
    '/api/map/fonts/:file',
    {
      schema: {
        tags: ['map'],
        summary: 'Font files the basemap labels are drawn with',
        params: z.object({ file: text() }),
      },
    },
    async (request, reply) => {
      const load = fonts.get(request.params.file);
      if (!load) return reply.code(404).send({ detail: 'Not found.' });
      const asset = await load();
      return sendAsset(request, reply, asset, YEAR);
    },
  );
}
