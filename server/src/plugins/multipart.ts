import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { badRequest, HttpError } from '../lib/errors.ts';

/**
 * multipart/form-data for the routes that take a file (photos, imports), registered once
 * for the app. These are the outer bounds; each route passes its own, tighter limits to
 * `request.file({ limits })` (a photo: 15 MB, one file). Bodies are read by the route
 * handler after its sign-in and ownership checks, never buffered up front.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: 25 * 1024 * 1024,
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 21,
      headerPairs: 50,
    },
  });
}

/** One upload route's multipart bounds: one file of at most `fileSize`, a few small fields. */
export const singleFileLimits = (fileSize: number) =>
  ({ fileSize, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 20 }) as const;

/**
 * What went wrong reading an upload, as the 400 or 413 a client gets: busboy's and
 * @fastify/multipart's errors carry no status, and would otherwise become 500s.
 */
export function uploadFailure(
  error: unknown,
  messages: { fileTooLarge: string; oneFileOnly: string; malformedUpload: string },
): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.oneFileOnly);
  return badRequest(messages.malformedUpload);
}
