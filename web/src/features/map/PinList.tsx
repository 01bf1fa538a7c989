import { Check, List, MapPin as MapPinIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { plural } from '@spotbook/contract';
import { PinLink } from './PinLink.tsx';
import type { MapPin, PinId } from './types.ts';
import styles from './spot-map.module.css';

/** Enough to read through; more than this in view is a cue to zoom in. */
const MAX_LISTED = 100;

/**
 * The pins in the current view as a plain list, so every spot on the map can be reached
 * by keyboard and screen reader. It follows the map: pan or zoom and it lists what is
 * now in view. Collapsed by default to keep the page calm.
 */
export function PinList({
  pins,
  total,
  selectedId,
}: {
  pins: MapPin[];
  total: number;
  selectedId?: PinId;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = (n: number) => n.toLocaleString('en-US');
  const inView = pins.length === total ? count(total) : `${count(pins.length)} of ${count(total)}`;
  const noun = plural(total, 'spot');
  return (
    <div className={styles.pinList}>
      <button
        type="button"
        className={styles.pinListToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <List size={16} aria-hidden="true" />
        {open ? 'Hide list' : 'Show list'} ({inView} {noun} in view)
      </button>
      <div id={listId} hidden={!open}>
        {open && (
          <ul className={styles.pinListItems}>
            {pins.slice(0, MAX_LISTED).map((pin) => (
              <li key={pin.id} aria-current={pin.id === selectedId || undefined}>
                {pin.visited ? (
                  <Check size={14} className={styles.visitedIcon} aria-label="Already visited" />
                ) : (
                  <MapPinIcon size={14} className={styles.wantIcon} aria-label="Want to go" />
                )}
                <PinLink href={pin.href}>{pin.title}</PinLink>
              </li>
            ))}
          </ul>
        )}
        {open && pins.length > MAX_LISTED && (
          <p className={styles.pinListMore}>
            Showing {MAX_LISTED} of {count(pins.length)} spots in view. Zoom in to list the others.
          </p>
        )}
        {open && pins.length === 0 && (
          <p className={styles.pinListMore}>No spots in this part of the map.</p>
        )}
      </div>
    </div>
  );
}
