import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db, DialectName } from '../../db/connection.ts';
import { pageOfUnion, SortedIds } from '../../lib/sorted-ids.ts';
import { readChangesFor, type SpotChange } from './gallery-changes.ts';
import { eachCode } from './gallery-whole-order.ts';
import { readSpotCounters } from './spot-counters.ts';
import { RATINGS_IN_ORDER, type GalleryQuery } from './sort-keys.ts';

/*
 * Every gallery order of a user without search words or place filter, kept in memory per
 * gallery version (docs/decisions/004-gallery-query.md, "Every plain order in memory"):
 * the user's spot ids in twelve ascending lists, one per rating (0–5) and visited flag,
 * 4 bytes a spot. Each of the four sorts and three visited filters is a union of some of
 * them, in id order within one rating (SORT_KEYS): a page at any offset is picked from
 * them in a few microseconds (`pageOfUnion`), and its count is their lengths. A write is
 * applied from the change log, as the other kept positions are (gallery-changes.ts), so
 * once a user's orders are read (after their first request), their pages need no
 * statement but for the cards not kept.
 */

const RATINGS = 6;
const listOf = (rating: number, visited: number) => rating * 2 + visited;

/** One user's spots at one gallery version, by rating and visited. */
export class UserSpotOrders {
  constructor(
    public version: number,
    /** `listOf(rating, visited)` → the ids of those spots, ascending */
    readonly lists: SortedIds[],
  ) {}

  /** The memory the lists take. */
  get bytes(): number {
    return this.lists.reduce((sum, list) => sum + list.bytes, 0) + 200;
  }

  /** The query's page and count (`q` has no search words and no place filter). */
  page(q: GalleryQuery): { ids: number[]; count: number } {
    const visited = q.visited === 'both' ? [0, 1] : [q.visited === 'true' ? 1 : 0];
    const ofRating = (rating: number) => visited.map((v) => this.lists[listOf(rating, v)]!);
    // Groups read one after the other, each a union in id order.
    const groups =
      q.sortBy === 'newest' || q.sortBy === 'oldest'
        ? [RATINGS_IN_ORDER.highest_rating.flatMap(ofRating)]
        : RATINGS_IN_ORDER[q.sortBy].map(ofRating);
    const descending = q.sortBy !== 'oldest';
    const ids: number[] = [];
    let [skip, count] = [q.offset, 0];
    for (const group of groups) {
      const size = group.reduce((sum, list) => sum + list.length, 0);
      count += size;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      ids.push(...pageOfUnion(group, skip, q.limit - ids.length, descending));
      skip = 0;
    }
    return { ids, count };
  }

  /**
   * The logged changes applied: each changed spot out of the list it was in, into the one
   * it is in now (each spot is one change). False, with nothing changed, when a spot was
   * not where the log says it was: the caller starts afresh.
   */
  apply(changes: readonly SpotChange[], version: number): boolean {
    const listOfSpot = (spot: { rating: number; visited: number }) =>
      this.lists[listOf(spot.rating, spot.visited)]!;
    // Checked before anything moves: a request may still read these lists.
    const where = changes.map(({ id, before }) => !before || listOfSpot(before).has(id));
    if (where.includes(false)) return false;
    for (const { id, before, after } of changes) {
      if (before) listOfSpot(before).remove(id);
      if (after) listOfSpot(after).insert(id);
    }
    this.version = version;
    return true;
  }

  /**
   * The logged changes applied to lists read piece by piece (readOrders), where a changed
   * spot may be in any state it had meanwhile, or absent: it is taken out of every list and
   * put where it is now.
   */
  settle(changes: readonly SpotChange[], version: number): void {
    for (const { id, after } of changes) {
      for (const list of this.lists) list.remove(id);
      if (after) this.lists[listOf(after.rating, after.visited)]!.insert(id);
    }
    this.version = version;
  }
}

/** Spots read in one statement while a user's orders are read: ~1.3 ms of SQLite each. */
const CHUNK_SPOTS = 5000;

/**
 * Up to `size` of the user's spots after `afterId`, ascending by id, as codes
 * `id * 16 + visited * 8 + rating` (as gallery-whole-order.ts codes a search's order, with
 * the visited flag), with the user's gallery version in the same statement (one snapshot).
 */
async function readChunk(
  db: Db,
  dialect: DialectName,
  userId: number,
  afterId: number,
  size: number,
) {
  const spots = sql`select id, id * 16 + visited * 8 + rating as code from reviews
    where user_id = ${userId} and id > ${afterId} order by id limit ${size}`;
  const codes =
    dialect === 'postgres'
      ? sql`select string_agg(s.code::text, ',' order by s.id) from (${spots}) as s`
      : sql`select group_concat(s.code, ',') from (${spots}) as s`; // in the subquery's order
  const { rows } = await sql<{ version: number | null; codes: string | null }>`select
    (select version from spot_counts where user_id = ${userId}) as version,
    (${codes}) as codes`.execute(db);
  return { version: rows[0]?.version ?? 0, codes: rows[0]?.codes ?? null };
}

/**
 * All of a user's spots, read `chunk` at a time with a turn of the event loop between (on
 * SQLite a statement holds the event loop: the 100,000-spot user in one took ~26 ms), then
 * brought to one version: the chunks were read at different moments, so every spot the log
 * shows changed since the first chunk's version is put where it is now. Undefined when the
 * log no longer reaches back that far (the user wrote hundreds of times meanwhile).
 */
async function readOrders(db: Db, dialect: DialectName, userId: number, chunk: number) {
  const ids: number[][] = Array.from({ length: RATINGS * 2 }, () => []);
  let [afterId, version] = [0, -1];
  for (;;) {
    const read = await readChunk(db, dialect, userId, afterId, chunk);
    if (version < 0) version = read.version;
    let [count, lastId] = [0, afterId];
    // Codes pass 2^31 (ids do not): divisions, not bit operations.
    eachCode(read.codes, (code) => {
      lastId = Math.floor(code / 16);
      ids[listOf(code % 8, Math.floor(code / 8) % 2)]!.push(lastId);
      count++;
    });
    if (count < chunk) break;
    afterId = lastId;
    await nextTurn();
  }
  const orders = new UserSpotOrders(
    version,
    ids.map((list) => new SortedIds(Int32Array.from(list))),
  );
  if ((await readSpotCounters(db, userId)).version === version) return orders;
  // A fresh read of the log: one made before the chunks would miss writes between them.
  const read = await readChangesFor(db, userId, version, Number.POSITIVE_INFINITY);
  if (!read) return undefined;
  orders.settle(read.changes, read.version);
  return orders;
}

/**
 * The kept orders of one app instance, by user, at most about `maxBytes` of them (the
 * least recently used go first). `at` gives a user's orders at `version` or later: kept
 * ones, brought forward from the change log when older. A request that finds none is
 * answered without them (by the walks of the sort indexes, as before the orders were
 * kept), then starts their read (`readSoon`): a first request does not wait for 100,000
 * spots.
 */
export class SpotOrders {
  readonly #kept: LRUCache<number, UserSpotOrders>;
  /** Reads of users' orders under way, one a user at a time. */
  readonly #reading = new Map<number, Promise<void>>();
  /** Users whose orders alone pass `maxBytes`: walked, not read again on every request. */
  readonly #tooMany = new LRUCache<number, true>({ max: 1000 });

  /**
   * @param maxBytes about the memory the kept orders may take
   * @param chunk spots read in one statement while a user's orders are read
   */
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly maxBytes = 16 * 1024 * 1024,
    private readonly chunk = CHUNK_SPOTS,
  ) {
    this.#kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (orders) => orders.bytes });
  }

  /** The user's orders at `version` or later, or undefined until they are read (`readSoon`). */
  async at(userId: number, version: number): Promise<UserSpotOrders | undefined> {
    for (;;) {
      const kept = this.#kept.get(userId);
      if (!kept) return undefined;
      if (kept.version >= version) return kept;
      const from = kept.version;
      const read = await readChangesFor(this.db, userId, from, version);
      // Another request brought them forward meanwhile, or they were dropped: look again.
      if (this.#kept.peek(userId) !== kept || kept.version !== from) continue;
      if (!read || read.version < version || !kept.apply(read.changes, read.version)) {
        this.#kept.delete(userId);
        continue;
      }
      this.#kept.set(userId, kept); // its lists may have grown
      return kept;
    }
  }

  /** The read of the user's orders under way, if one is (tests wait for it). */
  reading(userId: number): Promise<void> | undefined {
    return this.#reading.get(userId);
  }

  /**
   * Starts reading the user's orders once the current turn of the event loop is over: after
   * the request that found none has been answered, so that its own statements do not wait
   * behind the first chunk (on SQLite, one connection runs them one after the other).
   */
  readSoon(userId: number): void {
    if (this.#reading.has(userId) || this.#tooMany.has(userId)) return;
    const reading = nextTurn()
      .then(() => readOrders(this.db, this.dialect, userId, this.chunk))
      .then((orders) => {
        if (orders && orders.bytes > this.maxBytes) this.#tooMany.set(userId, true);
        const kept = this.#kept.peek(userId);
        if (orders && (!kept || kept.version < orders.version)) this.#kept.set(userId, orders);
      })
      // A read that failed (a lost connection) is started again by the user's next request.
      .catch(() => undefined)
      .finally(() => this.#reading.delete(userId));
    this.#reading.set(userId, reading);
  }
}
