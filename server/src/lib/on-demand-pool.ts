import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';

/**
 * piscina loads a worker's module with require() first, import() when that fails, and does
 * so again for a task that arrives while the thread is still loading it. Since Node 20.19
 * require() loads an ES module too; meeting one that an import() of the same thread is
 * still linking, Node 20 aborts the whole process ("v8::Module::IsGraphAsync must be used
 * on an instantiated module"; seen once in the API suite, decision 025 "Update
 * 2026-11-29 (session 18)"). Our workers are ES modules with top-level await, which
 * require() could never load anyway: without it in their threads, piscina goes straight
 * to import(), and concurrent imports of one module share its loading.
 */
const WORKER_EXEC_ARGV = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : [];

type ResourceLimits = NonNullable<ConstructorParameters<typeof Piscina>[0]>['resourceLimits'];

/** What a feature chooses for its pool (and says why, beside its numbers). */
export interface OnDemandPoolOptions {
  /** the worker module: plain JavaScript that registers tsx itself (on-demand-pool-worker.mjs) */
  worker: URL;
  maxThreads: number;
  /**
   * tasks a thread is sent at once (piscina's default is 1): a thread sent one at a time
   * waits, after each, for the event loop to send the next
   */
  concurrentTasksPerWorker?: number;
  /** how long an unused thread lives, in ms */
  idleTimeout: number;
  resourceLimits?: ResourceLimits;
  /** added to the threads' nice value: above 0, they give way to the event loop */
  niceIncrement?: number;
  /** what every thread is given as node:worker_threads' `workerData` */
  workerData?: unknown;
}

/**
 * A piscina pool of worker threads that exist only while there is work. Each thread
 * costs tens of MB while it lives (an isolate, tsx's loader, the feature's code) and a
 * fraction of a second to a few seconds to start, so a feature wants none while unused
 * and, sometimes, one started ahead of the work it expects (`warm()`).
 *
 * piscina starts threads for tasks and ends them when idle, but keeps no state of
 * whether a thread has loaded its code, starts a thread only for a task, and starts
 * another one for a task queued while the first is still loading: `ready` and `warm()`
 * are what this adds (docs/decisions/023-workers-and-mixed-load.md, "Update 2026-11-24:
 * one on-demand pool").
 */
export class OnDemandPool<Task, Result> {
  private pool: Piscina<Task | null, Result> | undefined;
  /** threads that have loaded their code: piscina's 'workerCreate' comes once one has */
  private readonly loaded = new WeakSet<Worker>();
  private starting: Promise<void> | undefined;

  constructor(private readonly options: OnDemandPoolOptions) {}

  run(task: Task): Promise<Result> {
    return this.workers().run(task);
  }

  /** a thread has loaded its code and not ended since */
  get ready(): boolean {
    return this.pool?.threads.some((thread) => this.loaded.has(thread)) ?? false;
  }

  /** threads running: loading their code, working or idle */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /**
   * Starts a thread if none runs; resolves once a thread has loaded its code. Calls made
   * meanwhile share that start.
   */
  warm(): Promise<void> {
    if (this.ready) return Promise.resolve();
    if (!this.starting) {
      const starting = this.threadLoaded().finally(() => {
        // close() may have forgotten this start, and a later warm() begun another.
        if (this.starting === starting) this.starting = undefined;
      });
      this.starting = starting;
    }
    return this.starting;
  }

  /** Ends the threads; a later task or warm() starts new ones. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    this.starting = undefined;
    await pool?.destroy();
  }

  private workers(): Piscina<Task | null, Result> {
    if (this.pool) return this.pool;
    const { worker, ...chosen } = this.options;
    const pool = new Piscina<Task | null, Result>({
      ...chosen,
      filename: worker.href,
      // No thread before the first task, and none left once they are idle: a server that
      // never uses the feature pays nothing for it.
      minThreads: 0,
      // Not the main thread's `--import tsx`, which a worker thread would inherit: the
      // worker registers tsx itself (on-demand-pool-worker.mjs).
      execArgv: WORKER_EXEC_ARGV,
    });
    pool.on('workerCreate', ({ id }: { id: number }) => {
      const thread = pool.threads.find((running) => running.threadId === id);
      if (thread) this.loaded.add(thread);
    });
    this.pool = pool;
    return pool;
  }

  /** Resolves when a thread has loaded its code: one loading already, or one started here. */
  private threadLoaded(): Promise<void> {
    const pool = this.workers();
    return new Promise((resolve, reject) => {
      const settle = (outcome: () => void) => {
        pool.off('workerCreate', loaded).off('workerDestroy', ended);
        outcome();
      };
      const loaded = () => settle(resolve);
      const ended = () => settle(() => reject(new Error('A worker thread ended before loading.')));
      pool.on('workerCreate', loaded).on('workerDestroy', ended);
      // A task queued while a thread loads would start another thread (up to maxThreads),
      // so one is sent only when none runs. piscina starts threads for tasks alone: this
      // one, `null`, is answered by the worker as soon as it arrives.
      if (pool.threads.length === 0) {
        pool.run(null).catch((error: Error) => settle(() => reject(error)));
      }
    });
  }
}
