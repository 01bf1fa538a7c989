import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  errorResponseSchema,
  exportQuerySchema,
  type ExportFormat,
} from '@spotbook/contract';
import type { RouteOptions } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { accountJson } from './account-export.ts';
import { attachment } from './content-disposition.ts';
import { chunkedStream } from './chunked.ts';
import { exportScope, fileBaseName, scopeTitle, type ExportScope } from './export-scope.ts';
import { exportFolders, exportSpots } from './spot-pages.ts';
import { csvDocument } from './writers/csv.ts';
import { geojsonDocument } from './writers/geojson.ts';
import { gpxDocument } from './writers/gpx.ts';
import { kmlDocument } from './writers/kml.ts';

const tags = ['exports'];
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

function exportBody(db: Db, scope: ExportScope, format: ExportFormat): Readable {
  switch (format) {
    case 'geojson':
      return chunkedStream(geojsonDocument(exportSpots(db, scope)));
    case 'csv':
      return csvDocument(exportSpots(db, scope));
    case 'gpx':
      return chunkedStream(gpxDocument(scopeTitle(scope), exportSpots(db, scope)));
    case 'kml':
      return chunkedStream(kmlDocument(scopeTitle(scope), exportFolders(db, scope)));
  }
}

/** A download: never cached by anyone (it is one person's data), saved under `fileName`. */
function sendFile(reply: FastifyReply, contentType: string, fileName: string, body: Readable) {
  return reply
    .type(`${contentType}; charset=utf-8`)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * `/api/exports/…` (runtime contract §7), signed in only. The files are streamed as they
 * are read, a page of spots at a time (spot-pages.ts).
 */
export async function exportRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireUser);

  api.get(
    '/spots.:format',
    {
      schema: {
        tags,
        summary:
          "The caller's spots, or one list they may view (`?list=` id or slug), as a GeoJSON, KML, GPX or CSV file",
        params: z.object({ format: z.enum(EXPORT_FORMATS) }),
        querystring: exportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { format } = request.params;
      const scope = await exportScope(db, currentUser(request), request.query.list);
      const body = exportBody(db, scope, format);
      return sendFile(
        reply,
        EXPORT_CONTENT_TYPES[format],
        `${fileBaseName(scope)}.${format}`,
        body,
      );
    },
  );

  api.get(
    '/account.json',
    {
      schema: {
        tags,
        summary:
          'Everything the account holds: profile, spots with photo URLs, lists, followed lists',
        response: errors,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = chunkedStream(accountJson(db, user.id, ctx.config.PUBLIC_URL));
      return sendFile(reply, 'application/json', `spotbook-${user.username}.json`, body);
    },
  );
}
