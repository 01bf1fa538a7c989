import { LRUCache } from 'lru-cache';
import type { GalleryQuery, SortMark } from './sort-keys.ts';
import { lowerBound } from '../../lib/lower-bound.ts';

/**
 * Where a gallery page starts without walking the offset
 * (docs/decisions/004-gallery-query.md, "Deep pages and broad searches", "After a write").
 *
 * For one user's query (filters, search and sort; not offset or limit) at one gallery
 * version (`spot_counts.version`, bumped by triggers on every write of the user's spots)
 * we keep:
 * - without search words: its count and *marks*. A mark is a sort key with its position,
 *   the number of spots of the query before that key. A page at offset o seeks to the
 *   last mark at or before o on the sort index and walks the rest. Marks are found the
 *   first time they are needed, about every `step` positions, by one walk from the mark
 *   before. A mark stays valid when its own spot is deleted or moves (the seek goes to the
 *   first spot at or after the key), so after a write only positions shift by ±1.
 * - with search words: its whole order (`order`), found once. Finding a search's matches
 *   is the costly part of every search request (a short prefix expands to thousands of
 *   index terms; PostgreSQL's GIN lookup and heap reads); every page is then a slice.
 *   A search whose pages are walked on the sort index instead (gallery-word-walk.ts)
 *   keeps marks, as above, among its matches.
 * A newer version is reached by applying the version's changes (gallery-changes.ts), not
 * by starting again. A search's marks are not carried: the change log does not say
 * whether a changed spot matched the words before.
 */
export interface Positions {
  readonly key: string;
  /** The gallery version the count, marks and order describe. */
  readonly version: number;
  count?: number;
  /** Spots matching the search words alone (no filters): picks the search plan. */
  matches?: number;
  /** SQLite: the ids of those spots, ascending (gallery-sqlite-search.ts; 4 bytes a spot). */
  matchIds?: Int32Array;
  /** Sorted by position (and so by key). */
  marks: Mark[];
  /** A search's spots in the query's order (5 bytes a spot). */
  order?: WholeOrder;
}

export interface Mark {
  /** How many of the query's spots sort before `key`. */
  pos: number;
  key: SortMark;
}

export interface WholeOrder {
  ids: Int32Array;
  ratings: Uint8Array;
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
        2 * at.key.length +
        48 * at.marks.length +
        5 * (at.order?.ids.length ?? 0) +
        4 * (at.matchIds?.length ?? 0) +
        100,
    });
  }

  static keyOf(userId: number, q: GalleryQuery): string {
    const { sortBy, visited, search, type, city, country } = q;
    return JSON.stringify([userId, sortBy, visited, search, type, city, country]);
  }

  /** The entry kept for this query, at whatever version it is. */
  get(key: string): Positions | undefined {
    return this.#entries.get(key);
  }

  /**
   * Keeps `at` unless a newer version of the query is kept already (two requests may
   * catch the same entry up at once). Also called when an entry grows, to count its memory.
   */
  keep(at: Positions): void {
    const kept = this.#entries.peek(at.key);
    if (!kept || kept.version <= at.version) this.#entries.set(at.key, at);
  }
}

/** The index of the last mark at or before `offset`, or -1 (start from the beginning). */
export function markBefore(marks: readonly Mark[], offset: number): number {
  return lowerBound(marks.length, (i) => marks[i]!.pos <= offset) - 1;
}

/**
 * Where a page at `offset` walks from: the last kept mark at or before it (`from`, at
 * position `start`; the order's start when there is none), and `target`, where the walk
 * leaves a mark: the last multiple of `step` before the offset when the walk would be a
 * step or more long, else `start` (no new mark). So the first deep request of a query walks
 * once, and later ones there or past it seek and walk less than a step.
 */
export function walkStart(marks: readonly Mark[], offset: number, step: number) {
  const from: Mark | undefined = marks[markBefore(marks, offset)];
  const start = from?.pos ?? 0;
  const target = offset - start >= step ? offset - (offset % step) : start;
  return { from, start, target };
}

/** Adds a mark, keeping the marks sorted by position. */
export function addMark(marks: Mark[], mark: Mark): void {
  marks.splice(markBefore(marks, mark.pos) + 1, 0, mark);
}
