import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';

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
