import type { ZodType } from 'zod';
import {
  listDetailSchema,
  listSpotSchema,
  type ListDetail,
  type ListSpot,
} from '@spotbook/contract';
import type { Db } from '../../db/connection.ts';
import { responseSerializer } from '../../lib/response-serializer.ts';
import {
  fromGzipBytes,
  gzipBytes,
  gzipInBlocks,
  gzipLayout,
  replaceItems,
  type GzipBlocks,
  type GzipLayout,
} from '../../lib/gzip-blocks.ts';
import { photosOfSpots } from '../photos/repository.ts';
import { presentList } from './access.ts';
import { latestStoredAnswer } from './list-answer-store.ts';
import { spotsChangedSince } from './list-spot-changes.ts';
import { listSpotRows, listSpots, presentListSpots } from './list-spots.ts';
import type { ListRecord } from './repository.ts';

/**
 * The route's own response serialiser (the zod check and JSON.stringify Fastify would run),
 * so an answer is checked and serialised once per list version: the list without its
 * spots, and each spot apart, so that a spot can be serialised again alone. Joined, they
 * are the bytes the serialiser gives the whole answer (`list-answer-build.api.test.ts`).
 */
const serializer = <T>(schema: ZodType) => responseSerializer<T>(schema, '/api/lists/list/:key/');
const serializeListDetail = serializer<ListDetail>(listDetailSchema);
const serializeListSpot = serializer<ListSpot>(listSpotSchema);

/** A list answer as the build thread keeps it, to patch the next version from. */
export interface KeptListAnswer {
  /** the `lists.version` it was built at (its data may be newer, never older) */
  version: number;
  blocks: GzipBlocks;
  /** each spot's place in the answer, by id */
  positions: Map<number, number>;
}

export interface BuiltListAnswer extends KeptListAnswer {
  /** `GET /api/lists/list/:key/`'s JSON, gzipped */
  gzipped: Buffer;
  /**
   * how it was made: built whole, patched from an earlier version's answer
   * (patchListAnswer), or the kept answer itself (of this version or newer)
   */
  made: 'whole' | 'patched' | 'kept';
}

/** The answer's JSON around its spots: the list, `"reviews":[`, and `]}`. */
function frame(list: ListRecord): { head: string; tail: string } {
  // `reviews` is the schema's last key (listDetailSchema extends the summary with it).
  const empty = serializeListDetail({ ...presentList(list), reviews: [] });
  if (!empty.endsWith('[]}')) throw new Error('a list answer ends with its spots');
  return { head: empty.slice(0, -2), tail: ']}' };
}

/** A spot's JSON at `position` in the answer's array, with the comma before it. */
const spotItem = (spot: ListSpot, position: number) =>
  (position ? ',' : '') + serializeListSpot(spot);

function built(
  list: ListRecord,
  blocks: GzipBlocks,
  positions: Map<number, number>,
  made: BuiltListAnswer['made'],
): BuiltListAnswer {
  return { version: list.version, blocks, positions, gzipped: gzipBytes(blocks), made };
}

/**
 * `GET /api/lists/list/:key/`'s answer for `list`, checked against the contract, as JSON,
 * gzipped in blocks (lib/gzip-blocks.ts). The one way an answer is built, on the event loop
 * or in the build thread (list-build-worker.mjs), so both give the same bytes.
 */
export async function buildListAnswer(db: Db, list: ListRecord): Promise<BuiltListAnswer> {
  const spots = await listSpots(db, list.id);
  const { head, tail } = frame(list);
  const blocks = gzipInBlocks(head, spots.map(spotItem), tail);
  const positions = new Map(spots.map((spot, position) => [spot.id, position]));
  return built(list, blocks, positions, 'whole');
}

/**
 * `list`'s answer from `kept`, an earlier version's, when only spots on the list (or their
 * photos) changed since: those spots are read and serialised again and only their blocks
 * recompressed (~1 ms for a 2,000-spot list instead of ~45). Undefined when anything else
 * changed (migration 016 logs spot changes only), a changed spot has left the list since,
 * or so many changed that a whole build costs as little.
 */
export async function patchListAnswer(
  db: Db,
  list: ListRecord,
  kept: KeptListAnswer,
): Promise<BuiltListAnswer | undefined> {
  const changed = await spotsChangedSince(db, list, kept.version);
  if (!changed || changed.length > kept.positions.size / 4) return undefined;
  const rows = await listSpotRows(db, list.id, changed);
  if (rows.length !== changed.length) return undefined;
  const spots = presentListSpots(rows, await photosOfSpots(db, changed));
  const replaced = new Map<number, string>();
  for (const spot of spots) {
    const position = kept.positions.get(spot.id);
    if (position === undefined) return undefined;
    replaced.set(position, spotItem(spot, position));
  }
  const { head, tail } = frame(list);
  const blocks = replaceItems(kept.blocks, head, replaced, tail);
  return built(list, blocks, kept.positions, 'patched');
}

/** What is stored beside an answer's bytes (list-answer-store.ts) to patch it from. */
export const storedLayout = (answer: KeptListAnswer) =>
  JSON.stringify({ ...gzipLayout(answer.blocks), ids: [...answer.positions.keys()] });

/** A stored answer (latestStoredAnswer's row) as one to patch from; none without its layout. */
export function keptFromStored(
  stored: Awaited<ReturnType<typeof latestStoredAnswer>>,
): KeptListAnswer | undefined {
  if (!stored?.layout) return undefined;
  const layout = JSON.parse(stored.layout) as GzipLayout & { ids: number[] };
  const blocks = fromGzipBytes(stored.gzipped, layout);
  const positions = new Map(layout.ids.map((id, position) => [id, position]));
  return blocks && { version: stored.version, blocks, positions };
}

/**
 * `list`'s answer, patched from `kept` when it can be (patchListAnswer), built whole
 * otherwise; `kept` itself when it is of this version or newer (a request that read the
 * list row before the last build: its data is newer, which an answer may be).
 */
export async function answerFromKept(
  db: Db,
  list: ListRecord,
  kept: KeptListAnswer | undefined,
): Promise<BuiltListAnswer> {
  if (kept && kept.version >= list.version) {
    return { ...kept, gzipped: gzipBytes(kept.blocks), made: 'kept' };
  }
  return (kept && (await patchListAnswer(db, list, kept))) || buildListAnswer(db, list);
}

/**
 * `answerFromKept` for the build thread: without an answer of its own to patch from, the
 * answer another app process stored stands in for it, so every process's thread builds a
 * list whole once at most, not once each.
 */
export async function nextListAnswer(
  db: Db,
  list: ListRecord,
  ownKept: KeptListAnswer | undefined,
): Promise<BuiltListAnswer> {
  return answerFromKept(db, list, ownKept ?? keptFromStored(await latestStoredAnswer(db, list.id)));
}
