import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useDiscardImport } from '../api/discard-import.ts';
import styles from './review.module.css';

/** Drops the import without creating anything; asks once before doing it. */
export function DiscardImport({ importId }: { importId: number }) {
  const discard = useDiscardImport(importId);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className={styles.discard}>
        <Button
          variant="quiet"
          icon={<Trash2 size={18} aria-hidden="true" />}
          onClick={() => setAsking(true)}
        >
          Discard this import
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.discard} role="group" aria-label="Discard this import">
      <p>Discard this import? Nothing from the file will be saved.</p>
      {discard.isError && (
        <Alert tone="error">
          {errorMessage(discard.error, 'It could not be discarded. Please try again.')}
        </Alert>
      )}
      <div className={styles.actions}>
        <Button
          variant="danger"
          busy={discard.isPending}
          busyLabel="Discarding…"
          onClick={() =>
            discard.mutate(undefined, {
              onSuccess: () => void navigate('/import', { replace: true }),
            })
          }
        >
          Discard
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)} autoFocus>
          Keep it
        </Button>
      </div>
    </div>
  );
}
