import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@spotbook/contract';
import { badRequest } from '../../lib/errors.ts';
import { isHeicContainer } from './sniff.ts';

/**
 * One uploaded file → the two versions we keep (docs/decisions/021-photos.md): decoded by
 * sharp (libvips), turned upright from EXIF, converted to sRGB, every metadata field
 * dropped (sharp writes none unless asked), scaled to fit 1,600 px and 400 px, encoded as
 * WebP. Nothing of the uploaded bytes is ever served: a polyglot (an image with HTML or
 * script after it) comes out as a plain re-encoded image.
 */

// libvips' operation cache keeps recent images in memory for repeated pipelines, which
// photo uploads never are: off, so a burst of uploads doesn't keep ~100 MB resident.
sharp.cache(false);

const MAX_PIXELS = PHOTO_LIMITS.megapixels * 1_000_000;
/**
 * WebP quality 80 (decision 021). Effort 2 for the large version: measured 5% more bytes
 * than effort 4 for half its encode time, the biggest single step of an upload. The
 * thumbnail is cheap to encode and what list pages send 20 at a time: effort 4.
 */
const LARGE_WEBP = { quality: 80, effort: 2 } as const;
const THUMB_WEBP = { quality: 80, effort: 4 } as const;
/** What sharp names each accepted kind in its metadata (`heif` covers AVIF and HEIC). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * Whether this build of sharp decodes HEVC-coded HEIF (iPhone photos). The prebuilt
 * binaries bundle libheif with the AV1 decoder only (AVIF), for patent reasons.
 */
export const canDecodeHeic = () =>
  (sharp.format.heif.input as { fileSuffix?: string[] }).fileSuffix?.includes('.heic') ?? false;

const decodeOptions = {
  // Refuses more pixels than the limit before any is decoded (a "decompression bomb").
  limitInputPixels: MAX_PIXELS,
  // A file cut short is an error, not an image with a grey bottom half.
  failOn: 'truncated',
  // Only the first frame of an animated WebP/PNG: a photo is one picture.
  pages: 1,
} as const;

export interface ProcessedPhoto {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  etag: string;
}

/** The headers only: format and size are checked before anything is decoded. */
async function readHeader(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input, decodeOptions).metadata();
  } catch (error) {
    if (isHeicContainer(input)) throw badRequest(PHOTO_MESSAGES.heicUnsupported);
    throw decodeFailure(error);
  }
}

function checkHeader(meta: Metadata) {
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    // SVG, GIF, TIFF, PDF… decode fine in sharp, but are not photos we accept.
    throw badRequest(PHOTO_MESSAGES.unsupportedFormat);
  }
  if (meta.format === 'heif' && meta.compression !== 'av1' && !canDecodeHeic()) {
    throw badRequest(PHOTO_MESSAGES.heicUnsupported);
  }
  if (!meta.width || !meta.height) throw badRequest(PHOTO_MESSAGES.notAnImage);
  if (meta.width * meta.height > MAX_PIXELS) throw badRequest(PHOTO_MESSAGES.tooManyPixels);
}

/** libvips' words for a file that ends too soon (JPEG, PNG, WebP and HEIF decoders). */
const CUT_SHORT =
  /premature end|truncat|unexpected end|end of (file|stream|data)|not enough data|read error|incomplete/i;

function decodeFailure(error: unknown) {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return badRequest(PHOTO_MESSAGES.tooManyPixels);
  return badRequest(CUT_SHORT.test(message) ? PHOTO_MESSAGES.damaged : PHOTO_MESSAGES.notAnImage);
}

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  checkHeader(await readHeader(input));
  try {
    // Decoded once, straight to the large WebP: no raw pixels come back to JavaScript. A
    // 1,600 px raw image is a 5.8 MB Buffer that V8 frees only at its next full GC, so a
    // run of uploads held several at once (decision 021). sharp resizes before it turns
    // the image upright, so the 90° turn copies 1,600 px, not 12 megapixels.
    const side = PHOTO_LIMITS.largeSide;
    const { data: large, info } = await sharp(input, decodeOptions)
      .rotate()
      .toColourspace('srgb')
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp(LARGE_WEBP)
      .toBuffer({ resolveWithObject: true });
    // The thumbnail from the large version, which libwebp decodes at 1/4 scale (~40 ms in
    // all): the same cost as the original JPEG decoded at 1/8, and PNG, WebP or AVIF
    // originals would be decoded whole a second time.
    const thumbSide = PHOTO_LIMITS.thumbSide;
    const thumb = await sharp(large)
      .resize(thumbSide, thumbSide, { fit: 'inside', withoutEnlargement: true })
      .webp(THUMB_WEBP)
      .toBuffer();
    const etag = createHash('sha256').update(large).update(thumb).digest('base64url').slice(0, 27);
    return { large, thumb, width: info.width, height: info.height, etag };
  } catch (error) {
    throw decodeFailure(error);
  }
}
