import type { LinkedPoint, PlaceDetails } from '@spotbook/contract';
import { useMemo } from 'react';
import { PinDropForm } from '@/components/PinDropForm';
import { useCreateCustomPlace } from '../api/create-custom-place.ts';
import type { SearchArea } from '../lib/area.ts';
import styles from './new-spot.module.css';

export interface DropPinPanelProps {
  area: SearchArea | null;
  initialPoint: LinkedPoint | null;
  initialName: string;
  onCancel: () => void;
  onCreated: (place: PlaceDetails) => void;
}

/**
 * A place by hand (issue #3 §2): the shared pin form, saved as the user's own custom
 * place in the chosen area, then selected like any other.
 */
export function DropPinPanel({
  area,
  initialPoint,
  initialName,
  onCancel,
  onCreated,
}: DropPinPanelProps) {
  const create = useCreateCustomPlace();
  const near = useMemo(() => (area ? { lat: area.lat, lng: area.lng } : null), [area]);
  return (
    <PinDropForm
      headingLevel={3}
      className={styles.pinPanel}
      mapLabel="Map for dropping a pin"
      near={near}
      initialPoint={initialPoint}
      initialName={initialName}
      onSave={async (pin) =>
        onCreated(await create.mutateAsync({ ...pin, areaId: area?.placeId ?? null }))
      }
      onCancel={onCancel}
    />
  );
}
