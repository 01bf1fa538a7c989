import type { CheckedFile, FileLike } from './check-files.ts';

/**
 * The uploads of one spot page, one file at a time in the order chosen (so the photos
 * arrive in that order, and a phone's connection carries one file, not five halves).
 * - waiting → uploading → done (it joins the gallery), or
 * - failed: the request did not get through (network, server trouble): Retry sends again;
 * - refused: the server (or the check before sending) said no: its message, and Dismiss.
 */
export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'refused';

export interface UploadItem<F extends FileLike = File> {
  key: number;
  file: F;
  status: UploadStatus;
  /** 0..1 of the file sent */
  progress: number;
  message: string | null;
}

export interface UploadQueue<F extends FileLike = File> {
  items: UploadItem<F>[];
  nextKey: number;
}

export type UploadAction<F extends FileLike = File> =
  | { type: 'add'; checked: CheckedFile<F>[] }
  | { type: 'start'; key: number }
  | { type: 'progress'; key: number; fraction: number }
  | { type: 'done'; key: number }
  | { type: 'fail'; key: number; message: string; refused: boolean }
  | { type: 'retry'; key: number }
  | { type: 'dismiss'; key: number }
  | { type: 'clearDone' };

export const emptyQueue = <F extends FileLike>(): UploadQueue<F> => ({ items: [], nextKey: 1 });

function update<F extends FileLike>(
  queue: UploadQueue<F>,
  key: number,
  change: (item: UploadItem<F>) => UploadItem<F>,
): UploadQueue<F> {
  return { ...queue, items: queue.items.map((item) => (item.key === key ? change(item) : item)) };
}

export function uploadQueueReducer<F extends FileLike>(
  queue: UploadQueue<F>,
  action: UploadAction<F>,
): UploadQueue<F> {
  switch (action.type) {
    case 'add': {
      const added = action.checked.map(({ file, problem }, index): UploadItem<F> => ({
        key: queue.nextKey + index,
        file,
        status: problem ? 'refused' : 'waiting',
        progress: 0,
        message: problem,
      }));
      return { items: [...queue.items, ...added], nextKey: queue.nextKey + added.length };
    }
    case 'start':
      return update(queue, action.key, (item) => ({ ...item, status: 'uploading', progress: 0 }));
    case 'progress':
      return update(queue, action.key, (item) =>
        item.status === 'uploading'
          ? { ...item, progress: Math.min(1, Math.max(item.progress, action.fraction)) }
          : item,
      );
    case 'done':
      return update(queue, action.key, (item) => ({ ...item, status: 'done', progress: 1 }));
    case 'fail':
      return update(queue, action.key, (item) => ({
        ...item,
        status: action.refused ? 'refused' : 'failed',
        message: action.message,
      }));
    case 'retry':
      return update(queue, action.key, (item) =>
        item.status === 'failed'
          ? { ...item, status: 'waiting', progress: 0, message: null }
          : item,
      );
    case 'dismiss':
      return { ...queue, items: queue.items.filter((item) => item.key !== action.key) };
    case 'clearDone':
      return { ...queue, items: queue.items.filter((item) => item.status !== 'done') };
  }
}

/** The next file to send, when none is on its way. */
export function nextUpload<F extends FileLike>(queue: UploadQueue<F>): UploadItem<F> | undefined {
  if (queue.items.some((item) => item.status === 'uploading')) return undefined;
  return queue.items.find((item) => item.status === 'waiting');
}

/** Files that will still become photos: they count against the spot's 20. */
export function pendingCount(queue: UploadQueue<FileLike>): number {
  return queue.items.filter((item) => item.status === 'waiting' || item.status === 'uploading')
    .length;
}

/**
 * A failure is worth retrying when the request never got a real answer: no connection,
 * a timeout, too many requests, or trouble on the server's side. A 4xx about the file
 * itself (too big, not an image, too many photos) would only be refused again.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
