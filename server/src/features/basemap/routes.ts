import type {} from '@fastify/swagger'; // `tags` and `summary` in route schemas
import type { FastifyInstance } from 'fastify';
import { assetOf, lazy, makeAsset, sendAsset, type Asset } from './assets.ts';
import { fontFiles, readFontFile } from './fonts.ts';
import type { Basemap } from './basemap.ts';
import { buildStyle } from './style.ts';
import { TILE_MAX_ZOOM } from './tiles.ts';
import { parseTheme, PALETTES, type Theme } from './themes.ts';

const YEAR = 365 * 24 * 3600;
const EMPTY = Buffer.alloc(0);
const STYLE_MAX_AGE = 300;

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
    (Object.keys(PALETTES) as Theme[]).map((theme) => [
      theme,
      lazy(() => makeAsset(JSON.stringify(buildStyle(theme, version)), json, version)),
    ]),
  ) as Record<Theme, () => Promise<Asset>>;

  app.get<{ Querystring: { theme?: string } }>(
    '/api/map/style.json',
    {
      schema: {
        tags: ['map'],
        summary: 'MapLibre style of the offline basemap; ?theme=dark for the dark one',
      },
    },
    async (request, reply) => {
      prepareData();
      return sendAsset(
        request,
        reply,
        await styles[parseTheme(request.query.theme)](),
        STYLE_MAX_AGE,
      );
    },
  );

  app.get<{ Params: { z: string; x: string; y: string }; Querystring: { v?: string } }>(
    '/api/map/tiles/:z/:x/:y.pbf',
    {
      schema: {
        tags: ['map'],
        summary: 'A vector tile of the offline basemap (land, borders, countries, places)',
      },
    },
    async (request, reply) => {
      const [z, x, y] = [request.params.z, request.params.x, request.params.y].map(Number) as [
        number,
        number,
        number,
      ];
      const inRange = (n: number, size: number) => Number.isInteger(n) && n >= 0 && n < size;
      if (!inRange(z, TILE_MAX_ZOOM + 1) || !inRange(x, 2 ** z) || !inRange(y, 2 ** z)) {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      // Only a URL with the current version may be cached for good.
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
  app.get<{ Params: { file: string } }>(
    '/api/map/fonts/:file',
    { schema: { tags: ['map'], summary: 'Font files the basemap labels are drawn with' } },
    async (request, reply) => {
      const load = fonts.get(request.params.file);
      if (!load) return reply.code(404).send({ detail: 'Not found.' });
      const asset = await load();
      return sendAsset(request, reply, asset, YEAR);
    },
  );
}
