import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { PictureRequest } from '../basemap/picture/render.ts';
import { contentTag, isNotModified } from './content-tag.ts';

/**
 * Answers a map picture by its content: the ETag is a digest of `tagged` (everything the
 * picture is drawn from), a 304 when the browser has it, otherwise the PNG from the
 * picture service (drawn once on a worker thread, then cached under that ETag).
 */
export async function sendMapPicture(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { tagged: unknown[]; picture: PictureRequest; cacheControl: string },
) {
  const etag = contentTag(options.tagged);
  // Headers only on answers about the picture: an error carries none.
  const cached = () => reply.header('etag', etag).header('cache-control', options.cacheControl);
  if (isNotModified(request.headers['if-none-match'], etag)) return cached().code(304).send();
  const png = await ctx.pictures.png(etag, {
    kind: 'map',
    picture: options.picture,
    dataDir: ctx.config.DATA_DIR,
  });
  return cached().type('image/png').send(png);
}
