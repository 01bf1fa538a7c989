import { describe, expect, it } from 'vitest';
import {
  emptyQueue,
  isRetryable,
  nextUpload,
  pendingCount,
  uploadQueueReducer,
  type UploadAction,
  type UploadQueue,
} from './upload-queue.ts';

type F = { name: string; size: number; type: string };
const file = (name: string): F => ({ name, size: 10, type: 'image/jpeg' });
const run = (actions: UploadAction<F>[], start: UploadQueue<F> = emptyQueue<F>()) =>
  actions.reduce(uploadQueueReducer<F>, start);
const statuses = (queue: UploadQueue<F>) => queue.items.map((i) => `${i.file.name}:${i.status}`);

describe('the upload queue', () => {
  const added = run([
    {
      type: 'add',
      checked: [
        { file: file('a'), problem: null },
        { file: file('b'), problem: 'Too big.' },
        { file: file('c'), problem: null },
      ],
    },
  ]);

  it('queues good files and shows refused ones with their message', () => {
    expect(statuses(added)).toEqual(['a:waiting', 'b:refused', 'c:waiting']);
    expect(added.items[1]?.message).toBe('Too big.');
    expect(pendingCount(added)).toBe(2);
    expect(added.items.map((i) => i.key)).toEqual([1, 2, 3]);
  });

  it('sends one file at a time, in order, with its progress', () => {
    expect(nextUpload(added)?.file.name).toBe('a');
    const sending = run(
      [
        { type: 'start', key: 1 },
        { type: 'progress', key: 1, fraction: 0.4 },
        { type: 'progress', key: 1, fraction: 0.2 }, // never goes backwards
      ],
      added,
    );
    expect(sending.items[0]?.progress).toBe(0.4);
    expect(nextUpload(sending)).toBeUndefined();
    const next = run([{ type: 'done', key: 1 }], sending);
    expect(nextUpload(next)?.file.name).toBe('c');
    expect(statuses(run([{ type: 'clearDone' }], next))).toEqual(['b:refused', 'c:waiting']);
  });

  it('retries a failed upload, not a refused one, and dismisses either', () => {
    const failed = run(
      [
        { type: 'start', key: 1 },
        { type: 'progress', key: 1, fraction: 0.7 },
        { type: 'fail', key: 1, message: 'Could not reach the server.', refused: false },
        { type: 'retry', key: 2 },
      ],
      added,
    );
    expect(statuses(failed)).toEqual(['a:failed', 'b:refused', 'c:waiting']);
    const retried = run([{ type: 'retry', key: 1 }], failed);
    expect(retried.items[0]).toMatchObject({ status: 'waiting', progress: 0, message: null });
    expect(statuses(run([{ type: 'dismiss', key: 2 }], retried))).toEqual([
      'a:waiting',
      'c:waiting',
    ]);
  });

  it('keeps keys unique across batches', () => {
    const more = run([{ type: 'add', checked: [{ file: file('d'), problem: null }] }], added);
    expect(more.items.map((i) => i.key)).toEqual([1, 2, 3, 4]);
  });

  it('calls a failure retryable only when the file itself was not the problem', () => {
    expect([0, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 403, 404, 413].some(isRetryable)).toBe(false);
  });
});
