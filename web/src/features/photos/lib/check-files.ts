import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@spotbook/contract';

/**
 * What the server accepts (runtime contract §8). HEIC is let through although the hints
 * do not offer it: the server decodes it where its sharp can, and otherwise answers with
 * the plain "export as JPEG" message rather than a generic refusal here.
 */
const ACCEPTED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
]);
/** Some browsers give HEIC/AVIF files no type at all; their name still says what they are. */
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp|avif|heic|heif)$/i;

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export interface CheckedFile<F extends FileLike> {
  file: F;
  /** null: worth sending; otherwise why not, in the server's own words */
  problem: string | null;
}

function problemOf(file: FileLike): string | null {
  if (file.size === 0) return PHOTO_MESSAGES.damaged;
  if (file.size > PHOTO_LIMITS.fileBytes) return PHOTO_MESSAGES.fileTooLarge;
  if (ACCEPTED_TYPES.has(file.type.toLowerCase())) return null;
  if (!file.type && ACCEPTED_EXTENSIONS.test(file.name)) return null;
  // GIF, SVG, TIFF… are images, just not photos this server takes.
  return file.type.startsWith('image/')
    ? PHOTO_MESSAGES.unsupportedFormat
    : PHOTO_MESSAGES.notAnImage;
}

/**
 * The checks the browser can make before sending anything (issue 13: "check size/count
 * client-side first"): type, size, and room left on the spot. The server checks again,
 * and alone can check the pixels; the messages are the ones it would answer with.
 * `room` is how many more photos the spot can take, counting uploads already queued.
 */
export function checkFiles<F extends FileLike>(
  files: readonly F[],
  room: number,
): CheckedFile<F>[] {
  let left = Math.max(0, room);
  return files.map((file) => {
    const problem = problemOf(file);
    if (problem) return { file, problem };
    if (left === 0) return { file, problem: PHOTO_MESSAGES.tooManyPhotos };
    left -= 1;
    return { file, problem: null };
  });
}
