import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../lib/errors.ts';
import { OnDemandPool } from '../../lib/on-demand-pool.ts';
import type { Basemap } from '../basemap/basemap.ts';
import type { DrawTask } from './draw.ts';

export const PICTURES_BUSY_DETAIL = 'Too many pictures are being drawn; try again in a moment.';

export interface PictureServiceOptions {
  /** the basemap map pictures are drawn from (its file is built before a worker reads it) */
  basemap: Basemap;
  dataDir: string;
  /** worker threads; by default all cores but one, which the event loop keeps */
  threads?: number;
  /** drawings that may wait for a thread; beyond them a request is answered 503 */
  maxQueue?: number;
  /** bytes of PNGs kept in memory */
  cacheBytes?: number;
  /** how long an unused worker thread lives, in ms (60 s by default) */
  idleMs?: number;
}

/**
 * The server's drawn pictures (list cards and map pictures), one per app instance in its
 * context: drawn in a small pool of worker threads so a drawing never holds the event
 * loop, with a bounded queue in front of it, and kept in memory by content (the key is a
 * digest of everything drawn, which is also the response's ETag), least recently used
 * first out. Concurrent requests for the same picture share one drawing.
 */
export class PictureService {
  /** drawings started: what tests observe to tell a cached answer from a drawn one */
  draws = 0;
  /** the thread the last picture was drawn on (0 is the main thread, which must not draw) */
  lastDrawThreadId: number | undefined;
  private readonly pool: OnDemandPool<DrawTask, { png: Uint8Array; threadId: number }>;
  private pending = 0;
  private readonly threads: number;
  private readonly maxQueue: number;
  private readonly cache: LRUCache<string, Buffer, { task: DrawTask }>;

  constructor(private readonly options: PictureServiceOptions) {
    this.threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.maxQueue = options.maxQueue ?? 32;
    this.cache = new LRUCache<string, Buffer, { task: DrawTask }>({
      maxSize: options.cacheBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (png) => png.length,
      fetchMethod: (_key, _stale, { context }) => this.draw(context.task),
    });
    this.pool = new OnDemandPool({
      worker: new URL('./draw-worker.mjs', import.meta.url),
      maxThreads: this.threads,
      // A drawing thread costs ~65 MB resident while it lives (its isolate, tsx's loader
      // thread, the coastlines, a picture's buffers): it ends when unused for a while, so
      // an idle server stays within decision 009's budget; a list page opening starts
      // one ahead of its picture (warm()).
      idleTimeout: options.idleMs ?? 60_000,
      // Below the event loop's priority: on a busy machine the API answers first and
      // the pictures, which only stand in for the map, wait.
      niceIncrement: 10,
      // A drawing allocates a few large buffers; a small young generation is plenty
      // (decision 009 keeps the server's memory small).
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
  }

  /** The PNG of `task`, whose content digest is `key`: from memory, or drawn. */
  async png(key: string, task: DrawTask): Promise<Buffer> {
    return (await this.cache.fetch(key, { context: { task } }))!;
  }

  /** drawing threads running (loading their code, drawing or idle) */
  get runningThreads(): number {
    return this.pool.threads;
  }

  /**
   * Starts a drawing thread when none is running, ahead of pictures that are likely to be
   * asked for soon (a list's map picture, its cards' location pictures), so the first of
   * them does not also pay the thread's start (tsx and the drawing code load in it:
   * ~0.3-1 s; decision 010, "the thread starts for location pictures too").
   */
  warm(): void {
    this.pool.warm().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.cache.clear();
    await this.pool.close();
  }

  private async draw(task: DrawTask): Promise<Buffer> {
    if (this.pending >= this.threads + this.maxQueue) {
      throw new HttpError(503, PICTURES_BUSY_DETAIL);
    }
    this.pending++;
    try {
      if (task.kind === 'map') await this.options.basemap.ready();
      this.draws++;
      const { png, threadId } = await this.pool.run(task);
      this.lastDrawThreadId = threadId;
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    } finally {
      this.pending--;
    }
  }
}
