import { promisify } from 'node:util';
import { threadId } from 'node:worker_threads';
import { gunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { LIST_BUILD_CONNECTIONS } from '../../db/connection-budget.ts';
import type { DatabaseLocation, Db } from '../../db/connection.ts';
import {
  answerFromKept,
  buildListAnswer,
  keptFromStored,
  storedLayout,
  type BuiltListAnswer,
} from './list-answer-build.ts';
import { latestStoredAnswer, storedListAnswer, storeListAnswer } from './list-answer-store.ts';
import { listsByIds, listVersions, type ListRecord } from './repository.ts';
import { sendGzippedJson } from '../../lib/send-json.ts';
import { OnDemandPool } from '../../lib/on-demand-pool.ts';

const gunzipAsync = promisify(gunzip);

/** Lists of this many spots or more are built in the build thread; smaller ones here. */
export const THREAD_BUILD_FROM = 100;
/** Only lists read this recently are built again after their owner's writes. */
const RENEW_READ_WITHIN_MS = 10 * 60_000;

export interface ListAnswerOptions {
  /** the app's database, which the build thread opens for itself */
  database: DatabaseLocation;
  /** bytes of gzipped answers kept */
  maxBytes?: number;
  /** how long an unused build thread lives, in ms */
  idleMs?: number;
  /** lists of this many spots or more are built in the thread (`THREAD_BUILD_FROM`) */
  threadFrom?: number;
}

export interface ListAnswers {
  /** The list's gzipped answer: kept, or built. */
  answer(list: ListRecord): Promise<Buffer>;
  /**
   * Builds the new versions of `userId`'s big lists kept here that their writes moved, so
   * that the next reader finds the answer ready rather than waiting for the build thread,
   * which answers a turn of the event loop later (~30 ms under load). Called after the
   * user's writes (`renewListsAfterWrites`); resolves once the answers are kept.
   */
  renewOwnedBy(userId: number): Promise<void>;
  /** Starts the build thread if none runs; resolves once it has loaded its code. */
  warm(): Promise<void>;
  /** a build thread has loaded its code and not ended since */
  readonly threadLoaded: boolean;
  /** the thread the last answer was built on (the main thread's id when built here) */
  lastBuildThreadId: number | undefined;
  /** whether the thread made the last answer from the list's earlier one (patchListAnswer) */
  lastBuildPatched: boolean;
  close(): Promise<void>;
}

/**
 * `GET /api/lists/list/:key/`'s JSON, gzipped, kept per list with the list's version
 * (docs/decisions/023-workers-and-mixed-load.md, "List answers cached per version", and
 * its updates "List answers kept gzipped" and "a big list's build").
 *
 * Triggers move `lists.version` on every write that changes the answer (migration 009), and
 * the version comes with the list row every request reads anyway (to check who may view
 * it), so an answer is served from memory only while nothing it shows has changed,
 * whichever app server wrote. The answer is the same for every viewer allowed to see it.
 * List ids are never reused, so a key can't outlive its list and show another one.
 * Answers are built after the row was read: one built from newer data is stored under the
 * older version and simply rebuilt on the next request, never served stale.
 *
 * Kept gzipped: a 2,000-spot answer is 1.2 MB of JSON but 0.19 MB gzipped, so the budget
 * holds ~6 times more lists, and a browser (which always accepts gzip) is sent the kept
 * bytes as they are instead of @fastify/compress compressing 1.2 MB again per request.
 *
 * Built off the event loop when big: a 2,000-spot list's query, presentation, zod check
 * and JSON are ~40 ms of CPU, during which every other request waited. Lists of
 * `THREAD_BUILD_FROM` spots or more are built by the same code (list-answer-build.ts) in
 * one worker thread with a database connection of its own; only the gzipped bytes come
 * back, moved, not copied. The thread starts on the first big build (which runs here
 * meanwhile: the thread takes ~0.3-1 s to load its code) and ends when unused.
 *
 * Built once for every app process: a big list's whole build is stored in the database
 * (migration 017), by the thread or here, and a process without it in memory reads it
 * there before building.
 */
export function cachedListAnswer(db: Db, options: ListAnswerOptions): ListAnswers {
  const pool = new OnDemandPool<
    ListRecord,
    { gzipped: Uint8Array; threadId: number; patched: boolean }
  >({
    worker: new URL('./list-build-worker.mjs', import.meta.url),
    workerData: { ...options.database, poolSize: LIST_BUILD_CONNECTIONS },
    // One is enough: a list is built once per version, and builds of several lists at
    // once wait here for the thread rather than for the event loop.
    maxThreads: 1,
    // Sent as they come: one at a time, each task would wait for the event loop to hear
    // that the last one ended and send it, a turn of the loop (~30 ms under load) per
    // queued patch of ~3 ms (decision 023, session 19). The thread interleaves them at
    // their queries.
    concurrentTasksPerWorker: 8,
    // A thread costs ~50 MB resident while it lives (its isolate, tsx's loader, the
    // build's code and connection), plus the last answer of each list it keeps to patch
    // the next version from (≤ 32 MB): it ends when unused for five minutes. Sooner, a
    // pause in a list's traffic would cost every list its next build whole (~45 ms of CPU
    // for 2,000 spots, against ~1 ms patched).
    idleTimeout: options.idleMs ?? 5 * 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const threadFrom = options.threadFrom ?? THREAD_BUILD_FROM;
  const build = async (list: ListRecord): Promise<Buffer> => {
    const big = list.spot_count >= threadFrom;
    if (big && pool.ready) {
      // Another app process may have built this version already (the thread stores what
      // it builds: list-answer-store.ts).
      const stored = await storedListAnswer(db, list);
      if (stored) return stored;
      const built = await pool.run(list);
      answers.lastBuildThreadId = built.threadId;
      answers.lastBuildPatched = built.patched;
      const { buffer, byteOffset, byteLength } = built.gzipped;
      return Buffer.from(buffer, byteOffset, byteLength);
    }
    // Made here while the thread starts (it takes ~0.3-1 s, seconds on a busy machine):
    // a build waiting for it would keep its readers waiting that long. A big list is
    // patched from the answer stored for an earlier version when it can be, as the thread
    // does: after a restart every list its owners changed meanwhile comes this way, and a
    // whole build of each on the event loop (~45-125 ms for 2,000 spots) held every other
    // request for seconds (decision 023, session 29). The stored answer is read once:
    // this version's is served as it is, an earlier one patched.
    let built: BuiltListAnswer;
    if (big) {
      const stored = await latestStoredAnswer(db, list.id);
      if (stored?.version === list.version) return stored.gzipped;
      pool.warm().catch(() => undefined);
      built = await answerFromKept(db, list, keptFromStored(stored));
    } else {
      built = await buildListAnswer(db, list);
    }
    answers.lastBuildThreadId = threadId;
    answers.lastBuildPatched = built.made === 'patched';
    // Stored as the thread stores its whole builds, or every other process, and this one
    // once restarted, would build it again; not awaited: the reader needn't wait for it.
    if (big && built.made === 'whole')
      void storeListAnswer(db, list, built.gzipped, storedLayout(built));
    return built.gzipped;
  };
  const kept = keptPerVersion(build, options.maxBytes ?? 32 * 1024 * 1024);
  const answers: ListAnswers = {
    answer: kept.answer,
    renewOwnedBy: async (userId) => {
      // No thread loaded: no big list has been built for minutes, and a build here would
      // be whole, on the event loop, for a reader who may never come.
      if (!pool.ready) return;
      const before = kept.keptLists(
        (list) => list.user_id === userId && list.spot_count >= threadFrom,
        Date.now() - RENEW_READ_WITHIN_MS,
      );
      if (!before.length) return;
      // Versions first (an index lookup each); whole rows, with their spot counts, only of
      // the lists that moved.
      const now = await listVersions(
        db,
        before.map((list) => list.id),
      );
      const moved = before.filter((list) => (now.get(list.id) ?? list.version) !== list.version);
      const current = await listsByIds(
        db,
        moved.map((list) => list.id),
      );
      await Promise.all(current.map((list) => kept.answer(list, false)));
    },
    warm: () => pool.warm(),
    get threadLoaded() {
      return pool.ready;
    },
    lastBuildThreadId: undefined,
    lastBuildPatched: false,
    close: () => pool.close(),
  };
  return answers;
}

/** Answers kept per list and version, and the lists they are of. */
export interface KeptAnswers {
  /** The list's answer; `read` false when no one asked for it yet (a renewal). */
  answer(list: ListRecord, read?: boolean): Promise<Buffer>;
  /**
   * The lists whose answers are kept here, as they were when built, that `pick` picks and
   * that were asked for at `readSince` (epoch ms) or later.
   */
  keptLists(pick: (list: ListRecord) => boolean, readSince: number): ListRecord[];
}

/**
 * The answers `build` makes, kept per list id and version within `maxBytes`. Requests for
 * a version being built wait for that build instead of starting their own: a link
 * posted in a group chat brings its readers all at once, and a 2,000-spot list is ~80 ms
 * of CPU to build.
 */
export function keptPerVersion(
  build: (list: ListRecord) => Promise<Buffer>,
  maxBytes: number,
): KeptAnswers {
  const answers = new LRUCache<number, { list: ListRecord; gzipped: Buffer; readAt: number }>({
    maxSize: maxBytes,
    // An answer over the budget isn't kept.
    sizeCalculation: (entry) => entry.gzipped.length,
  });
  const building = new Map<number, { version: number; answer: Promise<Buffer> }>();
  const answer = async (list: ListRecord, read = true) => {
    const hit = answers.get(list.id);
    if (hit?.list.version === list.version) {
      if (read) hit.readAt = Date.now();
      return hit.gzipped;
    }
    const pending = building.get(list.id);
    if (pending?.version === list.version) return pending.answer;
    const entry = { version: list.version, answer: build(list) };
    building.set(list.id, entry);
    try {
      const gzipped = await entry.answer;
      // A renewal keeps the last read's time: a list no one reads stops being renewed.
      const readAt = read ? Date.now() : (answers.peek(list.id)?.readAt ?? 0);
      answers.set(list.id, { list, gzipped, readAt });
      return gzipped;
    } finally {
      // A build of a newer version may have replaced this one meanwhile: that one stays.
      if (building.get(list.id) === entry) building.delete(list.id);
    }
  };
  // A walk over every kept answer: a few hundred big lists fill the budget, and only a
  // write asks (a few thousand small ones would take ~0.1 ms).
  const keptLists = (pick: (list: ListRecord) => boolean, readSince: number) =>
    [...answers.values()]
      .filter((entry) => entry.readAt >= readSince && pick(entry.list))
      .map((entry) => entry.list);
  return { answer, keptLists };
}

/** Sends a kept answer: gzipped as kept, or unzipped for a client that doesn't take gzip. */
export const sendListAnswer = (request: FastifyRequest, reply: FastifyReply, gzipped: Buffer) =>
  sendGzippedJson(request, reply, { gzipped: () => gzipped, plain: () => gunzipAsync(gzipped) });
