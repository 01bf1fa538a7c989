import { IMPORT_LIMITS } from '@spotbook/contract';
import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { cx } from '@/lib/cx.ts';
import styles from './file-drop.module.css';

/** What the server reads (runtime contract §7); the picker shows these first. */
export const IMPORT_ACCEPT = '.json,.csv,.zip,.kml,.kmz,.gpx,.geojson';
const MEGABYTES = IMPORT_LIMITS.fileBytes / (1024 * 1024);
export const TOO_BIG = `This file is larger than ${MEGABYTES} MB. Import a smaller file.`;

export interface FileDropProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  error?: string | null;
}

/**
 * Where a file comes in: dropped on the zone, or chosen with the labelled file input
 * (keyboard and screen readers use the input; the zone is a bigger target for a mouse).
 */
export function FileDrop({ onFile, disabled = false, error }: FileDropProps) {
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const [dragging, setDragging] = useState(false);
  const [tooBig, setTooBig] = useState(false);

  function take(file: File | undefined) {
    if (!file || disabled) return;
    // Said at once instead of after uploading 25 MB for nothing; the server checks too.
    const big = file.size > IMPORT_LIMITS.fileBytes;
    setTooBig(big);
    if (!big) onFile(file);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  const message = tooBig ? TOO_BIG : error;
  return (
    <div
      className={cx(styles.zone, dragging && styles.dragging, disabled && styles.disabled)}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
      data-testid="import-drop-zone"
    >
      <FileUp size={32} aria-hidden="true" className={styles.icon} />
      <p className={styles.lead}>Drop your file here, or</p>
      <input
        id={inputId}
        type="file"
        accept={IMPORT_ACCEPT}
        className={cx('visually-hidden', styles.input)}
        disabled={disabled}
        aria-describedby={message ? `${helpId} ${errorId}` : helpId}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          take(event.target.files?.[0]);
          // The same file chosen again (after fixing it) must fire a change again.
          event.target.value = '';
        }}
      />
      <label htmlFor={inputId} className={styles.choose}>
        Choose a file
      </label>
      <p id={helpId} className={styles.help}>
        A Google Takeout archive (.zip) or its Saved Places.json and list CSVs, a My Maps KML or
        KMZ, GPX, GeoJSON, or a spreadsheet saved as CSV. Up to {MEGABYTES} MB and{' '}
        {IMPORT_LIMITS.places.toLocaleString('en-US')} places.
      </p>
      {message && (
        <p id={errorId} className={styles.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
