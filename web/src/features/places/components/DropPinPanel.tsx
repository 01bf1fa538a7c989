import type { LinkedPoint, PlaceDetails } from '@spotbook/contract';
import {
  CUSTOM_PLACE_NAME_MAX,
  CUSTOM_PLACE_TYPES,
  customPlaceSchema,
  fieldErrors,
  formatLatLng,
  parseCoordinates,
} from '@spotbook/contract';
import { Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { SpotMap } from '@/features/map';
import { errorMessage, isApiError } from '@/lib/api.ts';
import { useCreateCustomPlace } from '../api/create-custom-place.ts';
import type { SearchArea } from '../lib/area.ts';
import styles from './new-spot.module.css';

export const COORDINATES_MESSAGE = 'Enter coordinates like 48.8584, 2.2945.';
const NEW_PIN_ID = 'new-pin';

export interface DropPinPanelProps {
  area: SearchArea | null;
  initialPoint: LinkedPoint | null;
  initialName: string;
  onCancel: () => void;
  onCreated: (place: PlaceDetails) => void;
}

type Errors = Partial<Record<'name' | 'primaryType' | 'coordinates', string>>;

/**
 * A place by hand (issue #3 §2): click the map or type coordinates, name it, pick a
 * category; saved as the user's own custom place, then selected like any other.
 */
export function DropPinPanel({
  area,
  initialPoint,
  initialName,
  onCancel,
  onCreated,
}: DropPinPanelProps) {
  const headingId = useId();
  const [name, setName] = useState(initialName);
  const [primaryType, setPrimaryType] = useState('');
  const [coordinates, setCoordinates] = useState(
    initialPoint ? formatLatLng(initialPoint.lat, initialPoint.lng) : '',
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCustomPlace();
  // Memoised: the map moves only when the point (or the area) really changes.
  const point = useMemo(() => parseCoordinates(coordinates), [coordinates]);
  const center = useMemo(
    () => point ?? (area ? { lat: area.lat, lng: area.lng } : undefined),
    [point, area],
  );
  const pinTitle = name.trim() || 'New place';
  const pins = useMemo(
    () => (point ? [{ id: NEW_PIN_ID, title: pinTitle, ...point }] : []),
    [point, pinTitle],
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = customPlaceSchema.safeParse({
      name,
      primaryType,
      lat: point?.lat,
      lng: point?.lng,
      areaId: area?.placeId ?? null,
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    const next: Errors = {
      name: found.name?.[0],
      primaryType: found.primaryType?.[0],
      coordinates: point ? (found.lat ?? found.lng)?.[0] : COORDINATES_MESSAGE,
    };
    setErrors(next);
    if (!parsed.success || !point) {
      const firstBad = (['name', 'primaryType', 'coordinates'] as const).find((f) => next[f]);
      if (firstBad) document.getElementById(`${headingId}-${firstBad}`)?.focus();
      return;
    }
    try {
      onCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      const server = isApiError(error) ? (error.errors ?? {}) : {};
      const onFields: Errors = {
        name: server.name?.[0],
        primaryType: server.primaryType?.[0],
        coordinates: (server.lat ?? server.lng)?.[0],
      };
      setErrors(onFields);
      // A message already shown on its field is not repeated under the form.
      if (!Object.values(onFields).some(Boolean)) {
        setFormError(errorMessage(error, 'The place could not be saved. Please try again.'));
      }
    }
  }

  return (
    <section className={styles.pinPanel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.pinTitle}>
        Drop a pin
      </h3>
      <p className={styles.muted}>
        Click the map where the place is (or focus the map and press Enter for its centre), or type
        its coordinates. Then give it a name and a category.
      </p>
      <Suspense fallback={<div className={styles.mapFallback} aria-hidden="true" />}>
        <SpotMap
          pins={pins}
          emptyMessage="Click the map to drop a pin"
          ariaLabel="Map for dropping a pin"
          onPickLocation={(picked) => {
            setCoordinates(formatLatLng(picked.lat, picked.lng));
            setErrors(({ coordinates: _fixed, ...rest }) => rest);
          }}
          {...(center ? { center } : {})}
          height={280}
        />
      </Suspense>
      <form className={styles.pinForm} onSubmit={submit} noValidate>
        <TextField
          id={`${headingId}-coordinates`}
          label="Coordinates"
          inputMode="decimal"
          placeholder="48.8584, 2.2945"
          value={coordinates}
          onChange={(event) => {
            setCoordinates(event.target.value);
            setErrors(({ coordinates: _fixed, ...rest }) => rest);
          }}
          error={errors.coordinates}
          help="Latitude, longitude"
        />
        <TextField
          id={`${headingId}-name`}
          label="Name"
          value={name}
          maxLength={CUSTOM_PLACE_NAME_MAX}
          onChange={(event) => {
            setName(event.target.value);
            setErrors(({ name: _fixed, ...rest }) => rest);
          }}
          error={errors.name}
        />
        <div className={styles.selectField}>
          <label htmlFor={`${headingId}-primaryType`} className={styles.selectLabel}>
            Category
          </label>
          <select
            id={`${headingId}-primaryType`}
            className={styles.select}
            value={primaryType}
            onChange={(event) => {
              setPrimaryType(event.target.value);
              setErrors(({ primaryType: _fixed, ...rest }) => rest);
            }}
            aria-invalid={errors.primaryType ? true : undefined}
            aria-describedby={errors.primaryType ? `${headingId}-type-error` : undefined}
          >
            <option value="">Choose a category</option>
            {CUSTOM_PLACE_TYPES.map(({ type, label }) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
          {errors.primaryType && (
            <p id={`${headingId}-type-error`} className={styles.fieldError}>
              {errors.primaryType}
            </p>
          )}
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" busy={create.isPending} busyLabel="Saving place…">
            Save place
          </Button>
          <Button variant="quiet" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
