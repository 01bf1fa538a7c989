import { Check, MapPin as MapPinIcon } from 'lucide-react';
import { PinLink } from './PinLink.tsx';
import type { MapPin } from './types.ts';
import styles from './spot-map.module.css';

/** The popup of a clicked pin: its whole title, as a link to the spot. */
export function PinPopup({ pin }: { pin: MapPin }) {
  return (
    <div className={styles.popup}>
      <PinLink href={pin.href} className={styles.popupTitle}>
        {pin.title}
      </PinLink>
      <span className={styles.popupMeta}>
        {pin.visited ? (
          <Check size={14} aria-hidden="true" />
        ) : (
          <MapPinIcon size={14} aria-hidden="true" />
        )}
        {pin.visited ? 'Already visited' : 'Want to go'}
      </span>
    </div>
  );
}
