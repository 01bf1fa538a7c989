import type { Photo } from '@spotbook/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowLeft, ArrowRight, GripVertical, Trash2 } from 'lucide-react';
import { showMissingImage } from '@/components/SpotCard/index.ts';
import { cx } from '@/lib/cx.ts';
import styles from './photo-manager.module.css';

export interface SortablePhotoProps {
  photo: Photo;
  position: number;
  count: number;
  disabled: boolean;
  onMove: (photo: Photo, by: -1 | 1) => void;
  onDelete: (photo: Photo) => void;
}

/**
 * One photo in the owner's order: dragged by its handle (pointer, touch, or the keyboard:
 * Space, arrows, Space), or moved one place with the arrow buttons; the first is the cover.
 */
export function SortablePhoto({
  photo,
  position,
  count,
  disabled,
  onMove,
  onDelete,
}: SortablePhotoProps) {
  const sortable = useSortable({ id: photo.id, disabled });
  const name = `photo ${position} of ${count}`;
  return (
    <li
      ref={sortable.setNodeRef}
      className={cx(styles.item, sortable.isDragging && styles.dragging)}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      data-photo-id={photo.id}
    >
      <div className={styles.thumbBox}>
        <img
          className={styles.thumb}
          src={photo.thumb_url}
          alt=""
          loading="lazy"
          decoding="async"
          width={160}
          height={160}
          onError={(event) => showMissingImage(event.currentTarget)}
        />
        {position === 1 && <span className={styles.coverBadge}>Cover</span>}
      </div>
      <div className={styles.tools}>
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          className={cx(styles.tool, styles.handle)}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Drag ${name} to reorder`}
          // dnd-kit's own keyboard instructions, then ours on what the order means
          aria-describedby={`${sortable.attributes['aria-describedby']} photo-order-help`}
          title="Drag to reorder"
          disabled={disabled}
        >
          <GripVertical size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-label={`Move ${name} earlier`}
          title="Move earlier"
          data-move="earlier"
          disabled={disabled || position === 1}
          onClick={() => onMove(photo, -1)}
        >
          <ArrowLeft size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-label={`Move ${name} later`}
          title="Move later"
          data-move="later"
          disabled={disabled || position === count}
          onClick={() => onMove(photo, 1)}
        >
          <ArrowRight size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={cx(styles.tool, styles.danger)}
          aria-label={`Delete ${name}`}
          title="Delete photo"
          disabled={disabled}
          onClick={() => onDelete(photo)}
        >
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
