import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@spotbook/contract';
import { badRequest } from '../../lib/errors.ts';
import { singleFileLimits, uploadFailure } from '../../plugins/multipart.ts';

export interface UploadedFile {
  /** the file's name as the browser sent it, without any folder part */
  name: string;
  bytes: Buffer;
}

/** "C:\\Users\\me\\Saved Places.json" → "Saved Places.json"; never empty, at most 200 characters. */
function baseName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // Control characters (NUL included) have no place in a name shown on the page.
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim();
  return [...(clean || 'import')].slice(0, 200).join('');
}

/**
 * The `file` field of a multipart upload, read into memory (25 MB at most: the readers
 * need the whole file, a zip its central directory at the end). Every way a body can be
 * wrong becomes a 400 or 413 with a detail, never a 500 (busboy's errors carry no status).
 */
export async function readImportFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile);
  let file: UploadedFile | undefined;
  try {
    // Read to the end, so a second file is seen (busboy's files limit) and refused.
    for await (const part of request.parts({ limits: singleFileLimits(IMPORT_LIMITS.fileBytes) })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume(); // drained, so the rest of the body can be read
        throw badRequest(IMPORT_MESSAGES.noFile);
      }
      file = { name: baseName(part.filename), bytes: await part.toBuffer() };
    }
  } catch (error) {
    throw uploadFailure(error, IMPORT_MESSAGES);
  }
  if (!file) throw badRequest(IMPORT_MESSAGES.noFile);
  if (file.bytes.length === 0) throw badRequest(IMPORT_MESSAGES.emptyFile);
  return file;
}
