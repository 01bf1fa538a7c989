import type { Photo } from '@spotbook/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { Modal } from '@/components/modal/Modal.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useDeletePhoto } from '../api/delete-photo.ts';
import styles from './photo-manager.module.css';

export interface DeletePhotoDialogProps {
  reviewId: number;
  /** the photo to delete and its place in the order; null: closed */
  target: { photo: Photo; position: number } | null;
  onClose: (deleted: boolean) => void;
}

/** Asks before a photo goes for good (the app's confirm dialog: Cancel is the safe default). */
export function DeletePhotoDialog({ reviewId, target, onClose }: DeletePhotoDialogProps) {
  const remove = useDeletePhoto(reviewId);
  const [failure, setFailure] = useState<string | null>(null);

  function close(deleted: boolean) {
    setFailure(null);
    remove.reset();
    onClose(deleted);
  }

  async function confirm() {
    if (!target) return;
    setFailure(null);
    try {
      await remove.mutateAsync(target.photo.id);
      close(true);
    } catch (error) {
      setFailure(errorMessage(error, 'The photo could not be deleted. Please try again.'));
    }
  }

  return (
    <Modal
      open={target !== null}
      onClose={() => close(false)}
      title="Delete this photo?"
      size="sm"
      actions={
        <>
          <Button variant="secondary" onClick={() => close(false)} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyLabel="Deleting..."
            icon={<Trash2 size={18} aria-hidden="true" />}
            onClick={() => void confirm()}
          >
            Delete
          </Button>
        </>
      }
    >
      {target && (
        <div className={styles.confirm}>
          <img
            className={styles.confirmThumb}
            src={target.photo.thumb_url}
            alt=""
            width={96}
            height={96}
          />
          <p>
            {target.position === 1
              ? 'This is the cover photo; the next one becomes the cover. '
              : ''}
            The photo is removed from this spot for good. This cannot be undone.
          </p>
        </div>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
    </Modal>
  );
}
