import { LRUCache } from 'lru-cache';
import { reviewSchema, type Review } from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { responseSerializer } from '../../lib/response-serializer.ts';
import { readChangesFor } from './gallery-changes.ts';
import { spotsById } from './spots-by-id.ts';

/** A spot on a gallery page: its id, and its JSON as the page sends it (UTF-8). */
export interface SpotCard {
  id: number;
  json: Buffer;
}

/** A page's spot ids in order, or the walk that finds them. */
export type PageIds = number[] | Promise<number[]>;

/** A gallery page: the query's count and the page's cards in order. */
export interface GalleryPage {
  count: number;
  results: SpotCard[];
}

/**
 * What `{ count, results }` serialises to, the cards' bytes put together as they are. Kept
 * as UTF-8, a page is one copy of its cards: joined as strings it was a string (two bytes a
 * character once a name has one outside Latin-1), then its length in UTF-8 and its UTF-8
 * for the compressor, 20-40 µs a page (decision 023, session 39). In memory of its own,
 * as the response cache may keep it (`ownBytes`).
 */
export function galleryPageJson({ count, results }: GalleryPage): Buffer {
  const head = `{"count":${count},"results":[`;
  const commas = Math.max(results.length - 1, 0);
  const length = results.reduce((sum, card) => sum + card.json.length, head.length + commas + 2);
  const page = Buffer.allocUnsafeSlow(length);
  let at = page.write(head, 'latin1');
  for (const [i, card] of results.entries()) {
    if (i > 0) at += page.write(',', at, 'latin1');
    at += card.json.copy(page, at);
  }
  page.write(']}', at, 'latin1');
  return page;
}

/**
 * `text` as UTF-8 in memory of its own: a card outlives its request, and a short
 * `Buffer.from` is a slice of a shared 8 KB pool that it would keep alive.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * One spot as the gallery's response serialiser writes it (the zod check and
 * JSON.stringify): the page's serialiser writes each item so, in `{ count, results }`.
 */
const serializeCard = responseSerializer<Review>(reviewSchema, '/api/reviews/review/');

/**
 * The user's spots among `ids` as cards (a spot gone is absent), read with the other spots
 * asked in this turn of the event loop (spotsById).
 */
export async function readCards(
  db: Db,
  userId: number,
  ids: number[],
): Promise<Map<number, Buffer>> {
  const cards = new Map<number, Buffer>();
  const spots = await Promise.all(ids.map(spotsById(db)));
  for (const spot of spots) {
    if (spot?.user === userId) cards.set(spot.id, ownBytes(serializeCard(spot)));
  }
  return cards;
}

/** Where a user's kept cards stand: valid at `version`, of this `generation`. */
interface UserCards {
  version: number;
  generation: number;
}

/**
 * Gallery cards kept per spot (docs/decisions/004-gallery-query.md, "Cards kept per spot").
 * A page the response cache doesn't have (a new query, or any query after one of the user's
 * writes, which moves their version) reads from the database only the cards it doesn't
 * have: the spot, its place and its photos, presented and serialised.
 *
 * A user's cards follow their gallery version through the change log (`readChangesFor`,
 * migration 008): a logged write drops the cards of the spots it changed; a bump without a
 * log row (a photo written) or a log that no longer reaches back drops all of the user's
 * cards, by starting a new generation. Places are written once and never updated, so
 * nothing else changes a card (as for the response cache, gallery-cache.ts).
 */
export class SpotCards {
  readonly #cards: LRUCache<number, { user: number; generation: number; json: Buffer }>;
  readonly #users = new LRUCache<number, UserCards>({ max: 10_000 });
  #generations = 0;

  /**
   * @param maxBytes an upper bound on the memory the kept cards take
   * @param read reads cards from the database (a test slows it to land a write meanwhile)
   */
  constructor(
    private readonly db: Db,
    maxBytes = 16 * 1024 * 1024,
    private readonly read = readCards,
  ) {
    this.#cards = new LRUCache({
      maxSize: maxBytes,
      // The card's bytes, and its Buffer and entry objects (~160 bytes).
      sizeCalculation: (card) => card.json.length + 160,
    });
  }

  /**
   * The user's spots of `ids` at gallery `version` or later, in order (gone ones absent).
   * The kept cards are brought to the version while a walk that finds the ids runs.
   */
  async page(userId: number, version: number, pageIds: PageIds): Promise<SpotCard[]> {
    const [user, ids] = await Promise.all([this.#bringTo(userId, version), pageIds]);
    const { version: keptAt, generation } = user;
    const found = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const id of ids) {
      const card = this.#cards.get(id);
      if (card?.user === userId && card.generation === generation) found.set(id, card.json);
      else missing.push(id);
    }
    const read = await this.read(this.db, userId, missing);
    // Read while a later version's changes were applied, a card may predate them: not kept.
    const keep =
      this.#users.peek(userId) === user &&
      user.version === keptAt &&
      user.generation === generation;
    for (const [id, json] of read) {
      found.set(id, json);
      if (keep) this.#cards.set(id, { user: userId, generation, json });
    }
    return inOrder(ids, found);
  }

  /** The user's cards brought to `version` or later: the changed spots' cards dropped. */
  async #bringTo(userId: number, version: number): Promise<UserCards> {
    for (;;) {
      const user = this.#users.get(userId);
      if (!user) {
        const fresh = { version, generation: ++this.#generations };
        this.#users.set(userId, fresh);
        return fresh;
      }
      if (user.version >= version) return user;
      const from = user.version;
      const logged = await readChangesFor(this.db, userId, from, version);
      // Another request brought them forward meanwhile: look again.
      if (this.#users.peek(userId) !== user || user.version !== from) continue;
      if (logged && logged.version >= version) {
        for (const change of logged.changes) this.#cards.delete(change.id);
        user.version = logged.version;
      } else {
        user.generation = ++this.#generations;
        user.version = version;
      }
    }
  }
}

/** The spots of `ids` as cards straight from the database: for a reader that keeps none. */
export async function unkeptCards(db: Db, userId: number, pageIds: PageIds): Promise<SpotCard[]> {
  const ids = await pageIds;
  return inOrder(ids, await readCards(db, userId, ids));
}

const inOrder = (ids: number[], cards: Map<number, Buffer>): SpotCard[] =>
  ids.flatMap((id) => {
    const json = cards.get(id);
    return json === undefined ? [] : [{ id, json }];
  });
