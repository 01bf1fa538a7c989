import { LIMITS, truncate } from '@spotbook/contract';
import { AdvancedMarker } from '@vis.gl/react-google-maps';
import { Check, MapPin as MapPinIcon } from 'lucide-react';
import type { MapPin } from '../types.ts';
import styles from './google-markers.module.css';

/** A spot as an advanced marker: an HTML pin (check when visited) and its title cut to 14. */
export function PinMarker({
  pin,
  selected,
  onClick,
}: {
  pin: MapPin;
  selected: boolean;
  onClick: () => void;
}) {
  const label = truncate(pin.title, LIMITS.markerTitle);
  return (
    <AdvancedMarker position={pin} title={label} zIndex={selected ? 2 : 1} onClick={onClick}>
      <span
        className={styles.pin}
        data-visited={pin.visited || undefined}
        data-selected={selected || undefined}
      >
        <span className={styles.head}>
          {pin.visited ? (
            <Check size={14} aria-hidden="true" />
          ) : (
            <MapPinIcon size={14} aria-hidden="true" />
          )}
        </span>
        <span className={styles.label}>{label}</span>
      </span>
    </AdvancedMarker>
  );
}
