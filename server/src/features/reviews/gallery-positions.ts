import { LRUCache } from 'lru-cache';
import type { GalleryQuery, SortMark } from './sort-keys.ts';

/**
 * Where a gallery page starts without walking the offset
 * (docs/decisions/004-gallery-query.md, "Deep pages and broad searches").
 *
 * For one user's query (filters, search and sort; not offset or limit) at one gallery
 * version we keep its count and a "mark" every `step` positions of its order: the sort
 * key (rating, id) of the spot at position k·step. A page at offset o seeks to mark
 * ⌊o/step⌋ on the sort index and walks fewer than `step` entries from there. A mark is
 * found the first time it is needed, by one walk from the last known mark before it, so
 * the first deep request of a version costs what an OFFSET walk did, and every later one
 * at or near that offset a short seek; marks fill in as the user pages. The version (`spot_counts.version`, bumped by triggers on every
 * write of the user's spots) is read before the page, as the response cache does, so
 * marks and counts are never used for data older than they are.
 *
 * A search also keeps its whole order, once found (`ids`): finding a search's matches is
 * the costly part of every search request (a short prefix expands to thousands of index
 * terms; PostgreSQL's GIN lookup and heap reads), so later pages of it, at any offset and
 * in any order asked before, are a slice of that list.
 */
export interface Positions {
  readonly key: string;
  version: number;
  count?: number;
  /** Spots matching the search words alone (no filters): picks the search plan. */
  matches?: number;
  /** marks[k]: the spot at position k·step; null once k·step is past the end. */
  marks: (SortMark | null)[];
  /** A search's ids in the query's order (4 bytes a spot). */
  ids?: Int32Array;
}

export class GalleryPositions {
  readonly #entries: LRUCache<string, Positions>;

  /**
   * @param step positions between two marks: the longest walk a page makes
   * @param maxBytes about the memory the entries may take; the least recently used go first
   */
  constructor(
    readonly step = 500,
    maxBytes = 32 * 1024 * 1024,
  ) {
    this.#entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (at) =>
        2 * at.key.length + 40 * at.marks.length + 4 * (at.ids?.length ?? 0) + 100,
    });
  }

  /** Stores a search's whole order with its entry (and counts its memory). */
  keepOrder(at: Positions, ids: Int32Array): void {
    at.ids = ids;
    this.#entries.set(at.key, at);
  }

  /** The positions of this query at this version; a new version starts empty. */
  of(userId: number, q: GalleryQuery, version: number): Positions {
    const { sortBy, visited, search, type, city, country } = q;
    const key = JSON.stringify([userId, sortBy, visited, search, type, city, country]);
    const known = this.#entries.get(key);
    if (known?.version === version) return known;
    const fresh: Positions = { key, version, marks: [] };
    this.#entries.set(key, fresh);
    return fresh;
  }
}
