import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@spotbook/contract';
import { badRequest, HttpError } from '../../lib/errors.ts';

/** Limits for this route's multipart body, on top of the app-wide ones (plugins/multipart.ts). */
const PHOTO_UPLOAD_LIMITS = {
  fileSize: PHOTO_LIMITS.fileBytes,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 11,
  headerPairs: 20,
} as const;

/**
 * The `file` field of a multipart upload, read into memory (15 MB at most: sharp needs the
 * whole file to read its header before decoding). Every way a body can be wrong becomes a
 * 400 or 413 with a detail, never a 500 (busboy's own errors carry no status).
 */
export async function readPhotoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(PHOTO_MESSAGES.noFile);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: PHOTO_UPLOAD_LIMITS });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume(); // drained, so the connection can carry the answer
      throw badRequest(PHOTO_MESSAGES.noFile);
    }
    return await part.toBuffer();
  } catch (error) {
    throw uploadFailure(error);
  }
}

function uploadFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, PHOTO_MESSAGES.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(PHOTO_MESSAGES.oneFileOnly);
  return badRequest(PHOTO_MESSAGES.malformedUpload);
}
