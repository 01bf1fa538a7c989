import type { PlacesProvider } from '../places/provider.ts';
import { providerForImports } from './import-provider.ts';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_MESSAGES } from '@spotbook/contract';
import type { AppContext } from '../../context.ts';
import { clock } from '../../lib/clock.ts';
import { placeDetailsFromRow } from '../places/store.ts';
import { centreOf, matchRow, type MatchContext } from './matcher.ts';
import { saveRowMatch, type RowMatch } from './repository.ts';

/** Rows matched between two progress writes (and two chances for requests to run). */
const BATCH = 50;
/** A job's server renews its hold this often (each batch); a hold older than this is dead. */
export const LEASE_MS = 60_000;
/** Servers that took a job up and went away before finishing it: past this, it fails. */
export const MAX_ATTEMPTS = 3;
/** How often a server looks for jobs nobody holds (a server that stopped mid-job). */
const RECOVER_EVERY_MS = 30_000;
/** Imports are kept this long, then deleted, so the tables do not grow without bound. */
export const KEEP_IMPORTS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Matching runs in the background, in the process that took the upload, with its state in
 * the database: progress is written every batch, so any app server answers GET, and a job
 * whose server went away (restart, crash) is taken up again by whichever server next
 * finds its lease expired, from the first row not yet matched. One that keeps dying fails
 * with a detail instead of hanging.
 */
export class ImportJobs {
  readonly #running = new Map<number, Promise<void>>();
  #closed = false;
  #timer: NodeJS.Timeout | undefined;

  /** rate-limited and cached when online (import-provider.ts); shared by every job */
  readonly #provider: PlacesProvider;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#provider = providerForImports(ctx.places);
  }

  /** The provider imports call (confirm too): one throttle and cache for all of them. */
  get provider(): PlacesProvider {
    return this.#provider;
  }

  /** Starts the periodic look for abandoned jobs (and the first one now). */
  startRecovery() {
    this.#timer = setInterval(() => void this.recover(), RECOVER_EVERY_MS);
    this.#timer.unref();
    void this.recover();
  }

  /** Takes up a job: a new one (lease 0) at once, an abandoned one once its lease ran out. */
  async start(importId: number): Promise<boolean> {
    if (this.#closed || this.#running.has(importId)) return false;
    const now = clock.now();
    const claimed = await this.ctx.db
      .updateTable('imports')
      .set((eb) => ({
        lease_until: now + LEASE_MS,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', importId)
      .where('status', '=', 'matching')
      .where('lease_until', '<', now)
      .where('attempts', '<', MAX_ATTEMPTS)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const run = this.#run(importId)
      .catch((error: unknown) => this.#fail(importId, error))
      .finally(() => this.#running.delete(importId));
    this.#running.set(importId, run);
    return true;
  }

  /** Fails jobs that died too often, takes up the other abandoned ones, drops old imports. */
  async recover(): Promise<void> {
    if (this.#closed) return;
    const { db } = this.ctx;
    const now = clock.now();
    try {
      await db
        .updateTable('imports')
        .set({ status: 'failed', detail: IMPORT_MESSAGES.matchingStopped, updated_at: now })
        .where('status', '=', 'matching')
        .where('lease_until', '<', now)
        .where('attempts', '>=', MAX_ATTEMPTS)
        .execute();
      await db
        .deleteFrom('imports')
        .where('created_at', '<', now - KEEP_IMPORTS_MS)
        .execute();
      const abandoned = await db
        .selectFrom('imports')
        .select('id')
        .where('status', '=', 'matching')
        .where('lease_until', '<', now)
        .execute();
      for (const { id } of abandoned) await this.start(id);
    } catch (error) {
      if (!this.#closed) this.log.error({ err: error }, 'import recovery failed');
    }
  }

  /** Resolves when no job of this server is running (tests wait on it). */
  async idle(): Promise<void> {
    while (this.#running.size) await Promise.allSettled([...this.#running.values()]);
  }

  /** Stops after the current batch; the rest is resumed by the next server to start. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.idle();
  }

  async #context(importId: number): Promise<(MatchContext & { done: number }) | null> {
    const { db } = this.ctx;
    const job = await db
      .selectFrom('imports')
      .select(['user_id'])
      .where('id', '=', importId)
      .executeTakeFirst();
    if (!job) return null;
    const pins = await db
      .selectFrom('places')
      .selectAll()
      .where('owner_id', '=', job.user_id)
      .execute();
    const points = await db
      .selectFrom('import_rows')
      .select(['lat', 'lng'])
      .where('import_id', '=', importId)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .execute();
    const { done } = await db
      .selectFrom('import_rows')
      .select((eb) => eb.fn.countAll<number>().as('done'))
      .where('import_id', '=', importId)
      .where('matched', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      db,
      provider: this.#provider,
      userId: job.user_id,
      ownPins: pins.map(placeDetailsFromRow),
      centre: centreOf(points.map((p) => ({ lat: p.lat!, lng: p.lng! }))),
      done: Number(done),
    };
  }

  async #run(importId: number): Promise<void> {
    const { db } = this.ctx;
    const context = await this.#context(importId);
    if (!context) return;
    let done = context.done;
    for (;;) {
      if (this.#closed) return this.#release(importId);
      const rows = await db
        .selectFrom('import_rows')
        .selectAll()
        .where('import_id', '=', importId)
        .where('matched', '=', 0)
        .orderBy('idx')
        .limit(BATCH)
        .execute();
      const matches: RowMatch[] = [];
      for (const row of rows) matches.push(await matchRow(context, row));
      done += matches.length;
      const alive = await db.transaction().execute(async (trx) => {
        // The import first, then its rows: the order DELETE's cascade locks them in. The
        // other way round, a discard during matching deadlocked on PostgreSQL (its 500).
        const now = clock.now();
        const progress = await trx
          .updateTable('imports')
          .set({
            done,
            lease_until: now + LEASE_MS,
            updated_at: now,
            ...(rows.length < BATCH ? { status: 'ready' } : {}),
          })
          .where('id', '=', importId)
          .where('status', '=', 'matching')
          .executeTakeFirst();
        if (Number(progress.numUpdatedRows) !== 1) return false;
        for (const match of matches) await saveRowMatch(trx, importId, match);
        return true;
      });
      // Deleted (or failed by another server) meanwhile: nothing left to do.
      if (!alive || rows.length < BATCH) return;
      await yieldToRequests();
    }
  }

  /** Lets the next server take the job up at once instead of waiting for the lease. */
  async #release(importId: number) {
    await this.ctx.db
      .updateTable('imports')
      // A clean stop is not one of the attempts that count towards failing the job.
      .set((eb) => ({ lease_until: 0, attempts: eb('attempts', '-', 1) }))
      .where('id', '=', importId)
      .where('status', '=', 'matching')
      .execute();
  }

  async #fail(importId: number, error: unknown) {
    if (this.#closed) return;
    this.log.error({ err: error, importId }, 'import matching failed');
    await this.ctx.db
      .updateTable('imports')
      .set({ status: 'failed', detail: IMPORT_MESSAGES.matchingStopped, updated_at: clock.now() })
      .where('id', '=', importId)
      .where('status', '=', 'matching')
      .execute()
      .catch(() => undefined);
  }
}
