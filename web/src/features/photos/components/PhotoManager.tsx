import { PHOTO_LIMITS, type Photo, type Review } from '@spotbook/contract';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { errorMessage } from '@/lib/api.ts';
import { useReorderPhotos } from '../api/reorder-photos.ts';
import { DeletePhotoDialog } from './DeletePhotoDialog.tsx';
import { PhotoUploader } from './PhotoUploader.tsx';
import { SortablePhoto } from './SortablePhoto.tsx';
import { usePhotoUploads } from './use-photo-uploads.ts';
import styles from './photo-manager.module.css';

export interface PhotoManagerProps {
  spot: Pick<Review, 'id' | 'photos'>;
  /** the spot was created a moment ago: invite the first photos */
  justCreated?: boolean;
}

/**
 * The owner's photos of a spot (issue 13): add (drop or pick, several at once, each with
 * its progress), reorder (drag, keyboard, or the arrow buttons; the first is the cover)
 * and delete with a confirmation. Loaded in a chunk of its own, only for the owner.
 */
export default function PhotoManager({ spot, justCreated = false }: PhotoManagerProps) {
  const photos = spot.photos;
  const count = photos.length;
  const uploads = usePhotoUploads(spot.id, count);
  const reorder = useReorderPhotos(spot.id);
  const [toDelete, setToDelete] = useState<{ photo: Photo; position: number } | null>(null);
  const [moved, setMoved] = useState('');
  const [refocus, setRefocus] = useState<{ id: number; move: 'earlier' | 'later' } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: unknown) => photos.findIndex((photo) => photo.id === id) + 1;

  function save(ordered: Photo[], photo: Photo) {
    const at = ordered.indexOf(photo) + 1;
    setMoved(`Photo moved to position ${at} of ${count}${at === 1 ? ', the cover' : ''}.`);
    reorder.mutate(ordered);
  }

  function move(photo: Photo, by: -1 | 1) {
    const from = photos.indexOf(photo);
    const to = from + by;
    if (from < 0 || to < 0 || to >= count) return;
    // The row moves in the DOM, which takes focus from its button: put it back after.
    const edge = by < 0 ? to === 0 : to === count - 1;
    setRefocus({
      id: photo.id,
      move: edge ? (by < 0 ? 'later' : 'earlier') : by < 0 ? 'earlier' : 'later',
    });
    save(arrayMove(photos, from, to), photo);
  }

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = positionOf(active.id) - 1;
    const to = positionOf(over.id) - 1;
    const photo = photos[from];
    if (!photo || to < 0) return;
    save(arrayMove(photos, from, to), photo);
  }

  useEffect(() => {
    if (!refocus) return;
    list.current
      ?.querySelector<HTMLButtonElement>(
        `[data-photo-id="${refocus.id}"] [data-move="${refocus.move}"]`,
      )
      ?.focus();
    setRefocus(null);
  }, [refocus, photos]);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${positionOf(active.id)} of ${count}.`,
    onDragOver: ({ over }) => (over ? `Over position ${positionOf(over.id)} of ${count}.` : ''),
    onDragEnd: ({ over }) =>
      over ? `Dropped at position ${positionOf(over.id)} of ${count}.` : 'Dropped.',
    onDragCancel: () => 'Reordering cancelled; the order is unchanged.',
  };

  return (
    <section className={styles.card} aria-labelledby="spot-photos-title">
      <div className={styles.head}>
        <h2 id="spot-photos-title" className={styles.title} ref={heading} tabIndex={-1}>
          Your photos
        </h2>
        <span className={styles.count}>
          {count} of {PHOTO_LIMITS.perSpot}
        </span>
      </div>
      {justCreated && count === 0 && (
        <p className={styles.intro}>
          Your spot is saved. Add your photos of it now, or any time later.
        </p>
      )}
      {count > 0 && (
        <>
          <p id="photo-order-help" className={styles.help}>
            The first photo is the cover on cards. Drag a photo by its handle, or use its arrows, to
            change the order. With the keyboard: Space on the handle, the arrow keys, Space again.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={dragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'To pick up a photo, press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.',
              },
            }}
          >
            <SortableContext items={photos.map((photo) => photo.id)} strategy={rectSortingStrategy}>
              <ul role="list" className={styles.grid} ref={list} aria-label="Photo order">
                {photos.map((photo, at) => (
                  <SortablePhoto
                    key={photo.id}
                    photo={photo}
                    position={at + 1}
                    count={count}
                    disabled={false}
                    onMove={move}
                    onDelete={(target) => setToDelete({ photo: target, position: at + 1 })}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        </>
      )}
      <p role="status" className="visually-hidden">
        {moved}
      </p>
      {reorder.isError && (
        <Alert tone="error">
          {errorMessage(reorder.error, 'The new order could not be saved. Please try again.')}
        </Alert>
      )}
      <PhotoUploader uploads={uploads} />
      <DeletePhotoDialog
        reviewId={spot.id}
        target={toDelete}
        onClose={(deleted) => {
          setToDelete(null);
          // The photo's buttons are gone: the section's heading is the next sure place.
          if (deleted) requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </section>
  );
}
