import { lowerBound } from './lower-bound.ts';

/**
 * A set of ids kept ascending in one Int32Array with room to grow: 4 bytes an id, a lookup
 * a binary search, an insert or removal one move of the ids after it. New spots have the
 * highest ids, so most inserts go at the end.
 */
export class SortedIds {
  #ids: Int32Array;
  #length: number;

  /** @param ids ascending, without repeats (kept as the list's storage, not copied) */
  constructor(ids: Int32Array = new Int32Array(0)) {
    this.#ids = ids;
    this.#length = ids.length;
  }

  get length(): number {
    return this.#length;
  }

  /** The memory the ids take, room to grow included. */
  get bytes(): number {
    return this.#ids.byteLength;
  }

  /** The id at `index` (0 ≤ index < length). */
  at(index: number): number {
    return this.#ids[index]!;
  }

  /** How many ids are below `id`: where it is, or would go. */
  rankOf(id: number): number {
    const ids = this.#ids;
    return lowerBound(this.#length, (i) => ids[i]! < id);
  }

  has(id: number): boolean {
    const at = this.rankOf(id);
    return at < this.#length && this.#ids[at] === id;
  }

  /** Adds `id`; false when it was there already. */
  insert(id: number): boolean {
    const at = this.rankOf(id);
    if (at < this.#length && this.#ids[at] === id) return false;
    if (this.#length === this.#ids.length) {
      const grown = new Int32Array(Math.max(8, Math.ceil(this.#length * 1.25)));
      grown.set(this.#ids.subarray(0, this.#length));
      this.#ids = grown;
    }
    this.#ids.copyWithin(at + 1, at, this.#length);
    this.#ids[at] = id;
    this.#length++;
    return true;
  }

  /** Takes `id` out; false when it was not there. */
  remove(id: number): boolean {
    const at = this.rankOf(id);
    if (at >= this.#length || this.#ids[at] !== id) return false;
    this.#ids.copyWithin(at, at + 1, this.#length);
    this.#length--;
    return true;
  }
}

/**
 * `take` ids of the union of `lists` (no id in two of them) in descending or ascending
 * order, after skipping the first `skip` of that order: a page of a merged order without
 * merging what comes before it. The skipped part is found by a binary search on the id
 * (how many ids of all lists are at or above it), a few thousand steps whatever the depth.
 */
export function pageOfUnion(
  lists: readonly SortedIds[],
  skip: number,
  take: number,
  descending: boolean,
): number[] {
  const filled = lists.filter((list) => list.length > 0);
  if (!filled.length || take <= 0) return [];
  // Each list's next position in the order: the first id after the skipped ones.
  const cursors = descending ? filled.map((list) => list.length - 1) : filled.map(() => 0);
  if (skip > 0) {
    const cut = cutAfter(filled, skip, descending);
    filled.forEach((list, i) => (cursors[i] = list.rankOf(cut) - (descending ? 1 : 0)));
  }
  const page: number[] = [];
  while (page.length < take) {
    let [next, nextId] = [-1, 0];
    for (let i = 0; i < filled.length; i++) {
      const at = cursors[i]!;
      if (at < 0 || at >= filled[i]!.length) continue;
      const id = filled[i]!.at(at);
      if (next < 0 || (descending ? id > nextId : id < nextId)) [next, nextId] = [i, id];
    }
    if (next < 0) break;
    page.push(nextId);
    cursors[next]! += descending ? -1 : 1;
  }
  return page;
}

/**
 * The id `cut` such that exactly `skip` ids of the lists come before it in the order:
 * descending, `skip` ids are ≥ cut (the page starts below it); ascending, `skip` ids are
 * < cut (the page starts at it). Ids are distinct integers, so each count is reached.
 */
function cutAfter(lists: readonly SortedIds[], skip: number, descending: boolean): number {
  let lo = Math.min(...lists.map((list) => list.at(0)));
  let hi = Math.max(...lists.map((list) => list.at(list.length - 1))) + 1;
  const below = (id: number) => lists.reduce((sum, list) => sum + list.rankOf(id), 0);
  if (descending) {
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    // The lowest id with at most `skip` ids at or above it.
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (total - below(mid) <= skip) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
  // The highest id with at most `skip` ids below it.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (below(mid) <= skip) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
