import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  IMPORT_MESSAGES,
  importConfirmSchema,
  importIdParamsSchema,
  importListSchema,
  importRowParamsSchema,
  importRowPatchSchema,
  importRowSchema,
  importSchema,
  importSummarySchema,
} from '@spotbook/contract';
import type { AppContext, RouteOptions } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { confirmImport } from './confirm.ts';
import { ImportFileError, type ParsedFile } from './formats/index.ts';
import { parseImportFileInWorker } from './formats/parse-in-worker.ts';
import { ImportJobs } from './job.ts';
import { patchRow } from './patch-row.ts';
import { presentImport, presentImportHead } from './presenter.ts';
import * as imports from './repository.ts';
import { readImportFile } from './upload.ts';

const tags = ['imports'];
const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  503: errorResponseSchema,
};
/** GET /api/imports/ lists this many, newest first: enough to reopen the one that matters. */
const RECENT_IMPORTS = 20;
/**
 * The readers count places (at most IMPORT_LIMITS.places); one place on many lists is many
 * rows. This bounds the rows a file may still unfold into.
 */
const MAX_ROWS = 50_000;

/** The job runner of each app (tests reach it to wait for matching or to recover jobs). */
const jobsOfApp = new WeakMap<AppContext, ImportJobs>();
export const importJobsOf = (ctx: AppContext) => jobsOfApp.get(ctx);

async function readParsedFile(name: string, bytes: Uint8Array): Promise<ParsedFile> {
  try {
    // On a worker thread: reading a 25 MB KML takes seconds of CPU, which would stall
    // every other request on the event loop.
    const file = await parseImportFileInWorker(name, bytes);
    if (file.rows.length > MAX_ROWS)
      throw new ImportFileError(IMPORT_MESSAGES.tooManyPlaces(file.rows.length));
    return file;
  } catch (error) {
    if (error instanceof ImportFileError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * Runtime contract §7, under /api/imports: signed-in only; another user's import does not
 * exist (404). Matching runs after the 201, in the background (job.ts).
 */
export async function importRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const jobs = new ImportJobs(ctx, app.log);
  jobsOfApp.set(ctx, jobs);
  app.addHook('onReady', async () => jobs.startRecovery());
  app.addHook('onClose', async () => jobs.close());
  // onRequest, before validation: signed out, the answer is contract §2's 403, not a 400.
  app.addHook('onRequest', requireUser);

  const ownImport = async (id: number, userId: number) => {
    const record = await imports.findImport(db, id, userId);
    if (!record) throw notFound(IMPORT_MESSAGES.importNotFound);
    return record;
  };
  const fullImport = async (id: number, userId: number) => {
    const record = await ownImport(id, userId);
    // While matching, the page only shows progress, and polls: the rows (megabytes for a
    // big file, rebuilt on every poll) come once matching is done (decision 018).
    if (record.status === 'parsing' || record.status === 'matching') {
      return presentImport(record, [], new Map());
    }
    const [rows, existing] = await Promise.all([
      imports.importRows(db, id),
      imports.existingSpotsByRow(db, id, userId),
    ]);
    return presentImport(record, rows, existing);
  };

  api.post(
    '/',
    {
      // Only /api/imports/ (as every API path ends), not also /api/imports.
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Import a file of places (multipart/form-data, field `file`); matching follows',
        consumes: ['multipart/form-data'],
        // Read by the handler from the stream (readImportFile), so any body passes here;
        // documented for the API docs and the fuzzer, which sends hostile files to it.
        body: z.unknown().meta({
          type: 'object',
          properties: { file: { type: 'string', format: 'binary' } },
          required: ['file'],
        }),
        response: { 201: importSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await readImportFile(request);
      const file = await readParsedFile(upload.name, upload.bytes);
      const id = await imports.insertImport(db, { userId: user.id, source: upload.name, file });
      await jobs.start(id);
      return reply.status(201).send(await fullImport(id, user.id));
    },
  );

  api.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags,
        summary: 'Your recent imports, newest first (without their rows)',
        response: { 200: importListSchema, ...errors },
      },
    },
    async (request) => {
      const records = await imports.recentImports(db, currentUser(request).id, RECENT_IMPORTS);
      return {
        results: records.map((r) => ({
          ...presentImportHead(r),
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );

  api.get(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'An import: its status, progress and every row with its match',
        params: importIdParamsSchema,
        response: { 200: importSchema, ...errors },
      },
    },
    async (request) => fullImport(request.params.id, currentUser(request).id),
  );

  api.patch(
    '/:id/rows/:index/',
    {
      schema: {
        tags,
        summary: 'Pick a place for a row, make it a new pin, or skip it',
        params: importRowParamsSchema,
        body: importRowPatchSchema,
        response: { 200: importRowSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const record = await ownImport(request.params.id, user.id);
      return patchRow(db, ctx.places, user.id, record, request.params.index, request.body);
    },
  );

  api.post(
    '/:id/confirm/',
    {
      schema: {
        tags,
        summary:
          'Create the spots and lists of an import (once: a second confirm repeats the first)',
        params: importIdParamsSchema,
        body: importConfirmSchema,
        response: { 200: importSummarySchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const record = await ownImport(request.params.id, user.id);
      return confirmImport(db, jobs.provider, user, record, request.body);
    },
  );

  api.delete(
    '/:id/',
    {
      schema: {
        tags,
        summary: 'Discard an import (spots it already created stay)',
        params: importIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await imports.deleteImport(db, request.params.id, currentUser(request).id))) {
        throw notFound(IMPORT_MESSAGES.importNotFound);
      }
      return reply.status(204).send(null);
    },
  );
}
