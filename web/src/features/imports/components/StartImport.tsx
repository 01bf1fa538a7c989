import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/Button.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useUploadImport, type UploadProgress } from '../api/upload-import.ts';
import { announcedStep, percent } from '../lib/progress.ts';
import { FileDrop } from './FileDrop.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { UnfinishedImports } from './UnfinishedImports.tsx';
import styles from './review.module.css';

const UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Step one: a file in, with an upload bar; once the server has it, the import's own page. */
export function StartImport({ announce }: { announce: (message: string) => void }) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const lastStep = useRef(-1);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadImport((next) => {
    setProgress(next);
    const step = announcedStep(percent(next.loaded, next.total));
    if (step !== lastStep.current) {
      lastStep.current = step;
      announce(`Uploading: ${step}%`);
    }
  });

  function start(chosen: File) {
    setFile(chosen);
    setProgress(null);
    lastStep.current = -1;
    abort.current = new AbortController();
    upload.mutate(
      { file: chosen, signal: abort.current.signal },
      {
        // The import has an address of its own: it can be reopened while it runs.
        onSuccess: (job) => void navigate(`/import/${job.id}`),
        onError: (error) => announce(errorMessage(error, UPLOAD_FAILED)),
      },
    );
  }

  const cancelled = upload.error instanceof DOMException && upload.error.name === 'AbortError';
  const error = upload.isError && !cancelled ? errorMessage(upload.error, UPLOAD_FAILED) : null;
  return (
    <div className={styles.start}>
      <FileDrop onFile={start} disabled={upload.isPending} error={error} />
      {upload.isPending && file && (
        <div className={styles.progressCard}>
          <ProgressBar
            label={`Uploading ${file.name}`}
            value={progress ? percent(progress.loaded, progress.total) : 0}
            detail={`${megabytes(progress?.loaded ?? 0)} of ${megabytes(file.size)}`}
          />
          <div>
            <Button variant="quiet" size="sm" onClick={() => abort.current?.abort()}>
              Cancel upload
            </Button>
          </div>
        </div>
      )}
      <UnfinishedImports />
    </div>
  );
}
