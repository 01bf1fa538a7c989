import { PHOTO_LIMITS } from '@spotbook/contract';
import { ImagePlus, RotateCcw, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/Button.tsx';
import { cx } from '@/lib/cx.ts';
import type { UploadItem } from '../lib/upload-queue.ts';
import type { PhotoUploads } from './use-photo-uploads.ts';
import styles from './photo-uploader.module.css';

const MEGABYTES = Math.round(PHOTO_LIMITS.fileBytes / (1024 * 1024));

function hasFiles(event: DragEvent) {
  return event.dataTransfer.types.includes('Files');
}

/**
 * Where photos come in: dropped on the box, or picked with the button (on a phone the
 * picker offers the camera too). Each file gets a row with its progress, and Retry or
 * the reason it was refused.
 */
export function PhotoUploader({ uploads }: { uploads: PhotoUploads }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const helpId = useId();
  const full = uploads.room <= 0;

  function drop(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    uploads.add([...event.dataTransfer.files]);
  }

  return (
    <div className={styles.uploader}>
      <div
        className={cx(styles.dropZone, dragging && styles.dragOver)}
        onDragEnter={(event) => hasFiles(event) && setDragging(true)}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
      >
        <ImagePlus size={28} className={styles.dropIcon} aria-hidden="true" />
        <p className={styles.dropText}>
          {full ? 'This spot has all the photos it can take.' : 'Drop photos here, or'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={full}
          aria-describedby={helpId}
          onClick={() => input.current?.click()}
        >
          Choose photos
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Photos to upload"
          onChange={(event) => {
            uploads.add([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = ''; // the same file can be chosen again
          }}
        />
        <p id={helpId} className={styles.help}>
          JPEG, PNG, WebP or AVIF, up to {MEGABYTES} MB each; {PHOTO_LIMITS.perSpot} photos a spot.
          Location data is removed from every photo.
        </p>
      </div>
      {uploads.items.length > 0 && (
        <ul role="list" className={styles.rows} aria-label="Uploads">
          {uploads.items.map((item) => (
            <UploadRow key={item.key} item={item} uploads={uploads} />
          ))}
        </ul>
      )}
      <p role="status" className={styles.announcement}>
        {uploads.announcement}
      </p>
    </div>
  );
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  waiting: 'Waiting…',
  uploading: 'Uploading…',
  done: 'Added',
  failed: 'Upload failed',
  refused: 'Not uploaded',
};

function UploadRow({ item, uploads }: { item: UploadItem; uploads: PhotoUploads }) {
  const problem = item.status === 'failed' || item.status === 'refused';
  const percent = Math.round(item.progress * 100);
  return (
    <li className={cx(styles.row, problem && styles.rowProblem)} data-status={item.status}>
      <div className={styles.rowHead}>
        <span className={styles.fileName} title={item.file.name}>
          {item.file.name}
        </span>
        <span className={styles.status}>
          {item.status === 'uploading'
            ? `${STATUS_TEXT.uploading} ${percent}%`
            : STATUS_TEXT[item.status]}
        </span>
      </div>
      {!problem && (
        <progress
          className={styles.progress}
          max={100}
          value={item.status === 'waiting' ? 0 : percent}
          aria-label={`Upload of ${item.file.name}`}
        />
      )}
      {problem && item.message && (
        <p className={styles.message} role="alert">
          {item.message}
        </p>
      )}
      {problem && (
        <div className={styles.rowActions}>
          {item.status === 'failed' && (
            <Button
              size="sm"
              variant="secondary"
              icon={<RotateCcw size={16} aria-hidden="true" />}
              onClick={() => uploads.retry(item.key)}
              aria-label={`Retry ${item.file.name}`}
            >
              Retry
            </Button>
          )}
          <Button
            size="sm"
            variant="quiet"
            icon={<X size={16} aria-hidden="true" />}
            onClick={() => uploads.dismiss(item.key)}
            aria-label={`Dismiss ${item.file.name}`}
          >
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}
