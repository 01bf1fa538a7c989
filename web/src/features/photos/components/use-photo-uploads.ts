import { PHOTO_LIMITS, type Photo } from '@spotbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { errorMessage, isApiError, NETWORK_ERROR_DETAIL } from '@/lib/api.ts';
import { afterPhotosChanged, setSpotPhotos } from '../api/photo-cache.ts';
import { uploadPhoto } from '../api/upload-photo.ts';
import { checkFiles } from '../lib/check-files.ts';
import {
  emptyQueue,
  isRetryable,
  nextUpload,
  pendingCount,
  uploadQueueReducer,
} from '../lib/upload-queue.ts';

const UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';

/**
 * Sends the chosen files one after another. Each photo joins the spot page as soon as it
 * is stored; the cards elsewhere are refreshed once the batch is through, not per file.
 */
export function usePhotoUploads(reviewId: number, photoCount: number) {
  const queryClient = useQueryClient();
  const [queue, dispatch] = useReducer(uploadQueueReducer<File>, undefined, emptyQueue<File>);
  const [announcement, setAnnouncement] = useState('');
  const sending = useRef<number | null>(null);
  const addedInBatch = useRef(0);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => () => aborter.current?.abort(), []);

  useEffect(() => {
    const next = nextUpload(queue);
    if (!next || sending.current !== null) return;
    const key = next.key;
    sending.current = key;
    aborter.current = new AbortController();
    dispatch({ type: 'start', key });
    uploadPhoto(reviewId, next.file, {
      signal: aborter.current.signal,
      onProgress: (fraction) => dispatch({ type: 'progress', key, fraction }),
    })
      .then((photo: Photo) => {
        sending.current = null;
        void setSpotPhotos(queryClient, reviewId, (photos) => [...photos, photo]);
        addedInBatch.current += 1;
        dispatch({ type: 'done', key });
      })
      .catch((error: unknown) => {
        sending.current = null;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const refused = isApiError(error) && !isRetryable(error.status);
        const offline = isApiError(error) && error.isNetworkError;
        const message = offline ? NETWORK_ERROR_DETAIL : errorMessage(error, UPLOAD_FAILED);
        dispatch({ type: 'fail', key, message, refused });
      });
  }, [queue, queryClient, reviewId]);

  // The batch is through: say so, tidy the finished rows, refresh the covers elsewhere.
  const pending = pendingCount(queue);
  useEffect(() => {
    if (pending > 0 || addedInBatch.current === 0) return;
    const added = addedInBatch.current;
    addedInBatch.current = 0;
    setAnnouncement(added === 1 ? '1 photo added.' : `${added} photos added.`);
    dispatch({ type: 'clearDone' });
    void afterPhotosChanged(queryClient, reviewId);
  }, [pending, queryClient, reviewId]);

  const room = PHOTO_LIMITS.perSpot - photoCount - pending;
  return {
    items: queue.items,
    announcement,
    room,
    add(files: readonly File[]) {
      if (files.length === 0) return;
      setAnnouncement('');
      dispatch({ type: 'add', checked: checkFiles(files, room) });
    },
    retry: (key: number) => dispatch({ type: 'retry', key }),
    dismiss: (key: number) => dispatch({ type: 'dismiss', key }),
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
