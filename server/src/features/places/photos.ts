import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The image types we keep, by what the provider's host says they are. */
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const TYPE_OF_EXTENSION = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]),
);
/** An 800x800 photo is ~100 KB; anything this big is not one. */
const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
/** After a failed fetch, don't ask the provider again for this long (each ask may cost). */
const RETRY_AFTER_MS = 5 * 60_000;

export interface CachedPhoto {
  bytes: Buffer;
  contentType: string;
}

export class PhotoUnavailableError extends Error {
  override readonly name = 'PhotoUnavailableError';
}

/**
 * Place photos fetched once from the places provider's own image host and kept under
 * DATA_DIR/images/places/, named by a hash of the place id. Each server of a scaled-out
 * deployment keeps its own copy; a place's photo never changes, so that is harmless.
 */
export class PhotoCache {
  private readonly dir: string;
  private readonly inFlight = new Map<string, Promise<CachedPhoto>>();
  private readonly failedAt = new Map<string, number>();

  constructor(
    dataDir: string,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {
    this.dir = path.resolve(dataDir, 'images', 'places');
  }

  /** The cached photo of a place, or null when it was never fetched. */
  async cached(placeId: string): Promise<CachedPhoto | null> {
    const base = this.fileBase(placeId);
    for (const [ext, contentType] of Object.entries(TYPE_OF_EXTENSION)) {
      const file = `${base}.${ext}`;
      if (existsSync(file)) return { bytes: await readFile(file), contentType };
    }
    return null;
  }

  /**
   * The cached photo, fetching it from `sourceUrl` (the provider's photo URL, built
   * by the server from a stored photo reference, never taken from a client) at most
   * once at a time per place.
   */
  async get(placeId: string, sourceUrl: () => string | null): Promise<CachedPhoto | null> {
    const hit = await this.cached(placeId);
    if (hit) return hit;
    const running = this.inFlight.get(placeId);
    if (running) return running;
    if (Date.now() - (this.failedAt.get(placeId) ?? 0) < RETRY_AFTER_MS) {
      throw new PhotoUnavailableError('recently failed');
    }
    const url = sourceUrl();
    if (!url) return null;
    const fetching = this.fetchAndStore(placeId, url)
      .catch((error: unknown) => {
        this.failedAt.set(placeId, Date.now());
        throw error;
      })
      .finally(() => this.inFlight.delete(placeId));
    this.inFlight.set(placeId, fetching);
    return fetching;
  }

  private fileBase(placeId: string): string {
    const hash = createHash('sha256').update(placeId).digest('hex').slice(0, 40);
    return path.join(this.dir, hash);
  }

  private async fetchAndStore(placeId: string, url: string): Promise<CachedPhoto> {
    let response: Response;
    try {
      // Redirects are followed: Google answers a photo request with one to its image host.
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (error) {
      throw new PhotoUnavailableError('request failed', { cause: error });
    }
    if (!response.ok) throw new PhotoUnavailableError(`HTTP ${response.status}`);
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const ext = IMAGE_TYPES[contentType.toLowerCase()];
    if (!ext) throw new PhotoUnavailableError(`not an image: ${contentType}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_PHOTO_BYTES) {
      throw new PhotoUnavailableError('too large');
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) {
      throw new PhotoUnavailableError(`bad size: ${bytes.length}`);
    }
    await mkdir(this.dir, { recursive: true });
    // Write then rename: a concurrent reader (or another server) never sees half a file.
    const file = `${this.fileBase(placeId)}.${ext}`;
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return { bytes, contentType: contentType.toLowerCase() };
  }
}
