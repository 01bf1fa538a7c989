import type { Photo } from '@spotbook/contract';
import type { TestClient } from '../../../../test/helper.ts';
import { multipartBody, type FilePart } from './multipart.ts';

export const photosUrl = (spotId: number | string) => `/api/reviews/review/${spotId}/photos/`;

/** POST one file (or several parts) to a spot's photos, as the web app's FormData would. */
export function upload(client: TestClient, spotId: number | string, ...parts: FilePart[]) {
  const { payload, headers } = multipartBody(parts);
  return client.request('POST', photosUrl(spotId), payload, headers);
}

/** Uploads a file that must be accepted; the photo. */
export async function uploaded(client: TestClient, spotId: number, data: Buffer): Promise<Photo> {
  const response = await upload(client, spotId, { data });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<Photo>();
}

/** The top-level chunks of a WebP (RIFF) file: VP8/VP8L/VP8X/ALPH for pixels, EXIF/XMP/ICCP for metadata. */
export function riffChunks(file: Buffer): string[] {
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= file.length;) {
    const size = file.readUInt32LE(at + 4);
    chunks.push(file.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return chunks;
}
