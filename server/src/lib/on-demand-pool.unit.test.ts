import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { OnDemandPool } from './on-demand-pool.ts';

/* Real threads running test/echo-worker.mjs: each start loads tsx in it (~0.3-5 s). */

const pools: OnDemandPool<string, { bytes: Uint8Array; threadId: number }>[] = [];
afterEach(() => Promise.all(pools.splice(0).map((pool) => pool.close())));

function echoPool({ maxThreads = 1, idleTimeout = 60_000 } = {}) {
  const pool = new OnDemandPool<string, { bytes: Uint8Array; threadId: number }>({
    worker: new URL('./test/echo-worker.mjs', import.meta.url),
    maxThreads,
    idleTimeout,
  });
  pools.push(pool);
  return pool;
}

describe('a pool of worker threads started on demand', () => {
  it('starts no thread before its first task, then runs tasks on another thread', async () => {
    const pool = echoPool();
    expect(pool.threads).toBe(0);
    expect(pool.ready).toBe(false);
    const answer = await pool.run('héllo');
    expect(answer.threadId).not.toBe(threadId);
    expect(new TextDecoder().decode(answer.bytes)).toBe('héllo');
    // The worker's view of part of a larger buffer was copied into one of its own and
    // moved: a clone of the view would have brought the whole larger buffer.
    expect(answer.bytes.buffer.byteLength).toBe(answer.bytes.byteLength);
    expect(pool.threads).toBe(1);
    expect(pool.ready).toBe(true);
  });

  it('warm() starts one thread and resolves once it has loaded its code', async () => {
    const pool = echoPool({ maxThreads: 2 });
    const warming = pool.warm();
    expect(pool.threads).toBe(1);
    expect(pool.ready).toBe(false);
    expect(pool.warm()).toBe(warming);
    await warming;
    expect(pool.ready).toBe(true);
    await pool.warm();
    expect(pool.threads).toBe(1);
  });

  it('warm() waits for a thread loading for a task rather than start another', async () => {
    const pool = echoPool({ maxThreads: 2 });
    const answer = pool.run('first');
    const warming = pool.warm();
    expect(pool.threads).toBe(1);
    await warming;
    expect(pool.ready).toBe(true);
    expect(new TextDecoder().decode((await answer).bytes)).toBe('first');
    expect(pool.threads).toBe(1);
  });

  it('is not ready once its idle thread has ended, and warms again', async () => {
    const pool = echoPool({ idleTimeout: 50 });
    await pool.warm();
    expect(pool.ready).toBe(true);
    for (let i = 0; i < 500 && pool.threads > 0; i++) await sleep(20);
    expect(pool.threads).toBe(0);
    expect(pool.ready).toBe(false);
    await pool.warm();
    expect(pool.ready).toBe(true);
  });

  it('close() ends its threads; a later task starts a new one', async () => {
    const pool = echoPool();
    const first = await pool.run('a');
    await pool.close();
    expect(pool.threads).toBe(0);
    expect(pool.ready).toBe(false);
    const again = await pool.run('b');
    expect(again.threadId).not.toBe(first.threadId);
    expect(pool.ready).toBe(true);
  });

  it('loads its worker by import only, never by require() of an ES module', async () => {
    const pool = new OnDemandPool<string, string>({
      worker: new URL('./test/require-probe-worker.mjs', import.meta.url),
      maxThreads: 1,
      idleTimeout: 60_000,
    });
    try {
      expect(await pool.run('probe')).toBe('ERR_REQUIRE_ESM');
    } finally {
      await pool.close();
    }
  });

  it('sends a thread several tasks at once when asked, rather than one per turn of the loop', async () => {
    const rendezvous = (concurrentTasksPerWorker?: number) =>
      new OnDemandPool<{ expected: number; giveUpMs: number }, number>({
        worker: new URL('./test/rendezvous-worker.mjs', import.meta.url),
        maxThreads: 1,
        concurrentTasksPerWorker,
        idleTimeout: 60_000,
      });
    const together = rendezvous(4);
    const oneByOne = rendezvous();
    try {
      const task = (expected: number) => ({ expected, giveUpMs: 300 });
      const tasks = Array.from({ length: 4 }, () => task(4));
      expect(await Promise.all(tasks.map((t) => together.run(t)))).toEqual([4, 4, 4, 4]);
      // piscina's default: the thread is sent the next task only once it has answered one.
      expect(await Promise.all([task(2), task(2)].map((t) => oneByOne.run(t)))).toEqual([1, 1]);
    } finally {
      await Promise.all([together.close(), oneByOne.close()]);
    }
  });
});
