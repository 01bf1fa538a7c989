import type { LinkedPoint, PlaceDetails } from '@spotbook/contract';
import {
  CUSTOM_PLACE_NAME_MAX,
  CUSTOM_PLACE_TYPES,
  customPlaceSchema,
  formatLatLng,
  parseCoordinates,
} from '@spotbook/contract';
import { Suspense, useId, useMemo } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { SpotMap } from '@/features/map';
import { showServerError } from '@/lib/server-errors.ts';
import { useCreateCustomPlace } from '../api/create-custom-place.ts';
import type { SearchArea } from '../lib/area.ts';
import styles from './new-spot.module.css';

export const COORDINATES_MESSAGE = 'Enter coordinates like 48.8584, 2.2945.';
const NEW_PIN_ID = 'new-pin';
const SAVE_PLACE_FAILED = 'The place could not be saved. Please try again.';

export interface DropPinPanelProps {
  area: SearchArea | null;
  initialPoint: LinkedPoint | null;
  initialName: string;
  onCancel: () => void;
  onCreated: (place: PlaceDetails) => void;
}

const place = customPlaceSchema.shape;
const pointSchema = z.object({ lat: place.lat, lng: place.lng });

/** The typed coordinates become the point the contract's schema checks (its own messages). */
const coordinatesSchema = z.string().transform((text, context) => {
  const point = parseCoordinates(text);
  const checked = point ? pointSchema.safeParse(point) : null;
  if (checked?.success) return checked.data;
  const message = checked?.error.issues[0]?.message ?? COORDINATES_MESSAGE;
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
});

/** The panel's fields over `customPlaceSchema`; the category starts empty ('Choose a category'). */
const pinFormSchema = z.object({
  coordinates: coordinatesSchema,
  name: place.name,
  primaryType: z.string().pipe(place.primaryType),
});

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
  const create = useCreateCustomPlace();
  const form = useSchemaForm(pinFormSchema, {
    coordinates: initialPoint ? formatLatLng(initialPoint.lat, initialPoint.lng) : '',
    name: initialName,
    primaryType: '',
  });
  // In reading order: a failed submit focuses the first invalid one.
  const coordinates = useTextField(form.control, 'coordinates');
  const name = useTextField(form.control, 'name');
  const category = form.register('primaryType');
  const { errors, isSubmitting } = form.formState;

  // Memoised: the map moves only when the point (or the area) really changes.
  const point = useMemo(() => parseCoordinates(coordinates.value), [coordinates.value]);
  const center = useMemo(
    () => point ?? (area ? { lat: area.lat, lng: area.lng } : undefined),
    [point, area],
  );
  const pinTitle = name.value.trim() || 'New place';
  const pins = useMemo(
    () => (point ? [{ id: NEW_PIN_ID, title: pinTitle, ...point }] : []),
    [point, pinTitle],
  );

  const submit = form.handleSubmit(async (fields) => {
    const body = { ...fields.coordinates, name: fields.name, primaryType: fields.primaryType };
    try {
      onCreated(await create.mutateAsync({ ...body, areaId: area?.placeId ?? null }));
    } catch (error) {
      showServerError(form.setError, ['name', 'primaryType'], error, SAVE_PLACE_FAILED, {
        lat: 'coordinates',
        lng: 'coordinates',
      });
    }
  });

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
            form.setValue('coordinates', formatLatLng(picked.lat, picked.lng));
            form.clearErrors('coordinates');
          }}
          {...(center ? { center } : {})}
          height={280}
        />
      </Suspense>
      <form className={styles.pinForm} onSubmit={submit} noValidate>
        <TextField
          label="Coordinates"
          inputMode="decimal"
          placeholder="48.8584, 2.2945"
          help="Latitude, longitude"
          {...coordinates}
        />
        <TextField label="Name" maxLength={CUSTOM_PLACE_NAME_MAX} {...name} />
        <div className={styles.selectField}>
          <label htmlFor={`${headingId}-primaryType`} className={styles.selectLabel}>
            Category
          </label>
          <select
            id={`${headingId}-primaryType`}
            className={styles.select}
            {...category}
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
              {errors.primaryType.message}
            </p>
          )}
        </div>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" busy={isSubmitting} busyLabel="Saving place…">
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
