import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@spotbook/contract';
import { badRequest } from '../../lib/errors.ts';
import { singleFileLimits, uploadFailure } from '../../plugins/multipart.ts';

/**
 * The `file` field of a multipart upload, read into memory (15 MB at most: sharp needs the
 * whole file to read its header before decoding). Every way a body can be wrong becomes a
 * 400 or 413 with a detail, never a 500 (busboy's own errors carry no status).
 */
export async function readPhotoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(PHOTO_MESSAGES.noFile);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: singleFileLimits(PHOTO_LIMITS.fileBytes) });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume(); // drained, so the connection can carry the answer
      throw badRequest(PHOTO_MESSAGES.noFile);
    }
    return await part.toBuffer();
  } catch (error) {
    throw uploadFailure(error, PHOTO_MESSAGES);
  }
}
