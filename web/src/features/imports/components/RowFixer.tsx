import type { ImportRow, ImportRowPatch } from '@spotbook/contract';
import { MapPinPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { PinDropForm, type DroppedPin, type PinFormField } from '@/components/PinDropForm';
import { useUpdateImportRow } from '../api/update-row.ts';
import { searchNear } from '../lib/search-near.ts';
import { PlacePicker } from './PlacePicker.tsx';
import { RowSearch } from './RowSearch.tsx';
import styles from './fixer.module.css';

/** The row patch's error keys (`custom.lat`) onto the pin form's fields. */
const PIN_FIELDS: Readonly<Record<string, PinFormField>> = {
  'custom.name': 'name',
  'custom.category': 'primaryType',
  'custom.lat': 'coordinates',
  'custom.lng': 'coordinates',
};

export interface RowFixerProps {
  id: string;
  importId: number;
  row: ImportRow;
  rows: readonly ImportRow[];
  /** after a change was saved: what to announce */
  onFixed: (message: string) => void;
}

/**
 * Everything that gives a row its place: one of its candidates, a search near the rest
 * of its list, or a pin dropped by hand. Skipping is on the row itself.
 */
export function RowFixer({ id, importId, row, rows, onFixed }: RowFixerProps) {
  const update = useUpdateImportRow(importId);
  const [pinning, setPinning] = useState(false);
  const near = useMemo(() => searchNear(row, rows), [row, rows]);
  const filePoint = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;

  async function save(patch: ImportRowPatch, placeName: string) {
    await update.mutateAsync({ index: row.index, patch });
    onFixed(`${row.name} will be saved as ${placeName}.`);
  }

  /** A pin is created only at confirm: the row keeps it as its `custom` place. */
  function savePin({ primaryType, ...pin }: DroppedPin) {
    return save({ custom: { ...pin, category: primaryType } }, 'a pin you dropped');
  }

  return (
    <div
      id={id}
      className={styles.fixer}
      role="group"
      aria-label={`Find the place for ${row.name}`}
    >
      {row.candidates.length > 0 && (
        <PlacePicker
          legend="Choose the place"
          places={row.candidates}
          onPick={(place) => save({ place_id: place.id }, place.displayName)}
        />
      )}
      <RowSearch
        initialQuery={row.name}
        near={near}
        onPick={(place) => save({ place_id: place.id }, place.displayName)}
      />
      {pinning ? (
        <PinDropForm
          headingLevel={4}
          compact
          mapLabel={`Map for placing ${row.name}`}
          near={near}
          initialPoint={filePoint}
          initialName={row.name}
          serverFields={PIN_FIELDS}
          onSave={savePin}
          onCancel={() => setPinning(false)}
        />
      ) : (
        <div>
          <Button
            variant="quiet"
            size="sm"
            icon={<MapPinPlus size={18} aria-hidden="true" />}
            onClick={() => setPinning(true)}
          >
            Drop a pin
          </Button>
        </div>
      )}
    </div>
  );
}
