import type { PlaceDetails } from '@spotbook/contract';
import { TIMINGS } from '@spotbook/contract';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { errorMessage } from '@/lib/api.ts';
import { usePlaceSearch } from '../api/search-places.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { areaOfPlace, isArea, type SearchArea } from '../lib/area.ts';
import { Combobox } from './Combobox.tsx';
import { CurrentLocationButton } from './CurrentLocationButton.tsx';
import { PlaceOption } from './PlaceOption.tsx';
import styles from './new-spot.module.css';

export interface AreaChooserProps {
  area: SearchArea | null;
  onAreaChange: (area: SearchArea | null) => void;
  /** A landmark or airport picked straight from the area box (cities come first). */
  onPlacePicked: (place: PlaceDetails) => void;
}

/** Step 1 (spec §2): a city autocomplete, or the current location. */
export function AreaChooser({ area, onAreaChange, onPlacePicked }: AreaChooserProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, TIMINGS.autocompleteDebounceMs);
  const search = usePlaceSearch({ kind: 'city', query });
  const waiting = text.trim() !== query.trim() || search.isFetching;
  const results = text.trim() ? (search.data?.results ?? []) : [];

  if (area) {
    return (
      <div className={styles.chosenArea}>
        <MapPin className={styles.chosenIcon} size={20} aria-hidden="true" />
        <p className={styles.chosenText}>
          <span className={styles.chosenLabel}>Searching near</span> <strong>{area.label}</strong>
        </p>
        <Button variant="quiet" size="sm" onClick={() => onAreaChange(null)}>
          Change area
        </Button>
      </div>
    );
  }

  const notice = search.isError
    ? errorMessage(search.error, 'Search is unavailable. Please try again.')
    : !waiting && search.isSuccess
      ? 'No cities or places match. Check the spelling, or use your current location.'
      : 'Searching…';

  return (
    <div className={styles.stack}>
      <Combobox
        label="City or area"
        placeholder="e.g. Paris, Kyoto, Lisbon"
        value={text}
        onValueChange={setText}
        options={results}
        optionKey={(place) => place.id}
        renderOption={(place) => <PlaceOption place={place} />}
        onSelect={(place) => {
          setText('');
          if (isArea(place)) onAreaChange(areaOfPlace(place));
          else onPlacePicked(place);
        }}
        busy={waiting && text.trim().length > 0}
        notice={notice}
      />
      <div className={styles.or} aria-hidden="true">
        <span>or</span>
      </div>
      <CurrentLocationButton onLocated={onAreaChange} />
    </div>
  );
}
