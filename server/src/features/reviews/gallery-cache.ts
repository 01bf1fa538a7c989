import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/connection.ts';
import type { GalleryQuery } from './sort-keys.ts';
import { galleryPageJson, type GalleryPage } from './spot-cards.ts';
import { readSpotCounters, type SpotCounters } from './spot-counters.ts';

/**
 * The gallery's response cache (docs/decisions/004-gallery-query.md, "Response cache").
 *
 * A page's JSON is kept under (user, query) together with the user's gallery version,
 * `spot_counts.version`, which triggers bump on every write of one of their spots
 * (migration 004). Every request reads the version from the database, so a page is served
 * from memory only while nothing it shows has changed, whichever app server made the
 * change. Nothing else changes a gallery card: place rows are written once and never
 * updated. User ids are never reused (AUTOINCREMENT / identity), so a key can't outlive
 * its user and point at someone else's page.
 */
export class GalleryCache {
  readonly #entries: LRUCache<string, { version: number; json: Buffer }>;

  /** @param maxBytes an upper bound on the memory the cached pages take */
  constructor(readonly maxBytes = 8 * 1024 * 1024) {
    this.#entries = new LRUCache({
      maxSize: maxBytes,
      // The page's UTF-8 and its key (one or two bytes per character). A page over the
      // budget isn't kept.
      sizeCalculation: (entry, key) => 2 * key.length + entry.json.length,
    });
  }

  get size() {
    return this.#entries.size;
  }

  /** The page's JSON if it was cached at exactly this version. */
  get(key: string, version: number): Buffer | undefined {
    const entry = this.#entries.get(key);
    return entry?.version === version ? entry.json : undefined;
  }

  /** Stores the page, replacing the user's copy of that query at any other version. */
  set(key: string, version: number, json: Buffer): void {
    this.#entries.set(key, { version, json });
  }
}

/**
 * The cache key of one user's page: every parsed parameter that changes the answer, in a
 * fixed order (`count` is ignored by the gallery, so it isn't part of it).
 */
export function galleryCacheKey(userId: number, q: GalleryQuery): string {
  const { offset, limit, sortBy, visited, search, type, city, country } = q;
  return JSON.stringify([userId, offset, limit, sortBy, visited, search, type, city, country]);
}

/**
 * The JSON of one user's gallery page: from the cache when the user's version hasn't
 * moved since it was stored, otherwise built by `build` and stored. The version is read
 * before the page, so a page is never stored under a version newer than its data: the
 * caller's `known` version and counters (read with the session, earlier in the same
 * request) or, without them, read here.
 */
export function cachedGallery(
  db: Db,
  build: (userId: number, q: GalleryQuery, counters: SpotCounters) => Promise<GalleryPage>,
  cache = new GalleryCache(),
) {
  return async (userId: number, q: GalleryQuery, known?: SpotCounters): Promise<Buffer> => {
    const key = galleryCacheKey(userId, q);
    const counters = known ?? (await readSpotCounters(db, userId));
    const hit = cache.get(key, counters.version);
    if (hit !== undefined) return hit;
    const json = galleryPageJson(await build(userId, q, counters));
    cache.set(key, counters.version, json);
    return json;
  };
}
