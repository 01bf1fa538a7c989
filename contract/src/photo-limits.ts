/**
 * Photo limits, messages and the location picture's path, without zod: a spot card on a
 * shared list or the front page needs them, and importing a schema module there would load
 * zod on those pages (docs/decisions/024-shared-list-on-a-phone.md). photos.ts re-exports them.
 */
/** Runtime contract §8 and issue 13's limits (the account quota is configurable on the server). */
export const PHOTO_LIMITS = {
  fileBytes: 15 * 1024 * 1024,
  megapixels: 50,
  perSpot: 20,
  accountBytesDefault: 500 * 1024 * 1024,
  /** longest side of the stored large version and of the thumbnail */
  largeSide: 1600,
  thumbSide: 400,
} as const;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * What the server answers when an upload or a reorder is refused: each text names the limit
 * or the problem, so the web client can show it as is (issue 13).
 */
export const PHOTO_MESSAGES = {
  noFile: 'Choose a photo to upload (a multipart/form-data field named "file").',
  oneFileOnly: 'Upload one photo at a time.',
  malformedUpload: 'The upload could not be read. Send the photo again as multipart/form-data.',
  fileTooLarge: `This photo is larger than ${megabytes(PHOTO_LIMITS.fileBytes)}. Choose a smaller file.`,
  tooManyPixels: `This photo is larger than ${PHOTO_LIMITS.megapixels} megapixels. Choose a smaller image.`,
  tooManyPhotos: `A spot can have at most ${PHOTO_LIMITS.perSpot} photos. Delete one to add another.`,
  /** the account quota is the server's PHOTO_ACCOUNT_QUOTA_BYTES, hence a function */
  quotaFull: (quotaBytes: number) =>
    `Your photos would use more than your ${megabytes(quotaBytes)} of photo storage. Delete some photos to add more.`,
  notAnImage:
    'This file is not an image this server can read. Upload a JPEG, PNG, WebP or AVIF photo.',
  unsupportedFormat: 'This image format is not accepted. Upload a JPEG, PNG, WebP or AVIF photo.',
  damaged: 'This image file is incomplete or damaged. Upload the original file again.',
  heicUnsupported:
    'HEIC photos cannot be read by this server. Export the photo as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and upload it again.',
  photoNotFound: 'Photo not found.',
  orderMismatch: "The order must name each of this spot's photos exactly once.",
} as const;

/**
 * The small picture of a spot's own location that a card shows when the spot has no
 * photo (issue 13): drawn by the server from the offline basemap. Coordinates are rounded
 * to 3 decimals (~100 m) so the picture is shared by every spot there and cacheable.
 */
export function locationPicturePath(lat: number, lng: number): string {
  return `/api/pictures/location/${lat.toFixed(3)}/${lng.toFixed(3)}.png`;
}
