import type { LinkedPoint, PlaceDetails } from '@spotbook/contract';
import { classifyPlaceInput, TIMINGS } from '@spotbook/contract';
import { MapPinPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { errorMessage } from '@/lib/api.ts';
import { usePlaceSearch } from '../api/search-places.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import type { SearchArea } from '../lib/area.ts';
import { Combobox } from './Combobox.tsx';
import { DropPinPanel } from './DropPinPanel.tsx';
import { LinkResult } from './LinkResult.tsx';
import { PlaceOption } from './PlaceOption.tsx';
import styles from './new-spot.module.css';

export interface PlaceFinderProps {
  area: SearchArea | null;
  onSelect: (place: PlaceDetails) => void;
}

/** Where a new pin starts: what a link gave, else nothing yet. */
interface PinDraft {
  point: LinkedPoint | null;
  name: string;
}

/**
 * Step 2: search places near the area; or paste a map link / coordinates (read at
 * once, offline); or drop a pin for a place nobody knows yet.
 */
export function PlaceFinder({ area, onSelect }: PlaceFinderProps) {
  const [text, setText] = useState('');
  const [pin, setPin] = useState<PinDraft | null>(null);
  const input = useMemo(() => classifyPlaceInput(text), [text]);
  const searchText = input.kind === 'text' ? text : '';
  const query = useDebouncedValue(searchText, TIMINGS.autocompleteDebounceMs);
  const search = usePlaceSearch({ kind: 'place', query, near: area });
  const waiting = searchText.trim() !== query.trim() || search.isFetching;
  const results = searchText.trim() && area ? (search.data?.results ?? []) : [];

  const notice =
    input.kind !== 'text'
      ? undefined
      : !area
        ? 'Choose an area first to search by name, or paste a map link or coordinates.'
        : search.isError
          ? errorMessage(search.error, 'Search is unavailable. Please try again.')
          : !waiting && search.isSuccess
            ? 'No places match near here. Try other words, or drop a pin.'
            : 'Searching…';

  function pick(place: PlaceDetails) {
    setText('');
    setPin(null);
    onSelect(place);
  }

  return (
    <div className={styles.stack}>
      <Combobox
        label="Place"
        placeholder={area ? 'Search places near here' : 'Paste a map link or coordinates'}
        value={text}
        onValueChange={setText}
        options={results}
        optionKey={(place) => place.id}
        renderOption={(place) => <PlaceOption place={place} />}
        onSelect={pick}
        busy={waiting && searchText.trim().length > 0 && Boolean(area)}
        notice={notice}
        help="You can also paste a Google Maps, OpenStreetMap or Apple Maps link, or coordinates like 48.8584, 2.2945."
      >
        {input.kind !== 'text' && (
          <LinkResult
            text={text}
            input={input}
            onPick={pick}
            onDropPin={(point) => setPin({ point, name: point.name ?? '' })}
          />
        )}
      </Combobox>
      {pin ? (
        <DropPinPanel
          key={pin.point ? `${pin.point.lat},${pin.point.lng}` : 'new'}
          area={area}
          initialPoint={pin.point}
          initialName={pin.name}
          onCancel={() => setPin(null)}
          onCreated={pick}
        />
      ) : (
        <Button
          variant="quiet"
          icon={<MapPinPlus size={18} aria-hidden="true" />}
          onClick={() => setPin({ point: null, name: '' })}
          className={styles.dropPinButton}
        >
          Drop a pin
        </Button>
      )}
    </div>
  );
}
