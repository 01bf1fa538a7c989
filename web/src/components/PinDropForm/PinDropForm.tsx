import {
  CUSTOM_PLACE_NAME_MAX,
  CUSTOM_PLACE_TYPES,
  formatLatLng,
  parseCoordinates,
  type CustomPlaceBody,
} from '@spotbook/contract';
import { Suspense, useId, useMemo } from 'react';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { SpotMap, type LatLng } from '@/features/map';
import { cx } from '@/lib/cx.ts';
import { showServerError } from '@/lib/server-errors.ts';
import { pinFormSchema, type PinFormField } from './pin-form-schema.ts';
import styles from './pin-drop-form.module.css';

const PIN_ID = 'new-pin';
const SAVE_FAILED = 'The place could not be saved. Please try again.';

/** What the form gives its caller: a custom place as the contract names its fields. */
export type DroppedPin = Pick<CustomPlaceBody, 'lat' | 'lng' | 'name' | 'primaryType'>;

export interface PinDropFormProps {
  /** the heading's level in the caller's outline */
  headingLevel: 3 | 4;
  /** the map's accessible name */
  mapLabel: string;
  /** where the map starts while there is no pin yet */
  near: LatLng | null;
  /** the pin's starting point (from a pasted link or the imported file) */
  initialPoint: LatLng | null;
  initialName: string;
  /** small controls and map, for a form inside another panel */
  compact?: boolean;
  /** the frame around the form, the caller's layout */
  className?: string;
  /** the caller's request's error keys onto the form's fields (`lat` already → coordinates) */
  serverFields?: Readonly<Record<string, PinFormField>>;
  /** Saves the pin; a rejected promise's API errors land on the fields. */
  onSave: (pin: DroppedPin) => Promise<void>;
  onCancel: () => void;
}

/**
 * A place by hand, one form for the add-a-spot flow and the import review: click the map
 * (or focus it and press Enter for its centre) or type coordinates, then a name and a
 * category from the custom-place rules.
 */
export function PinDropForm({
  headingLevel,
  mapLabel,
  near,
  initialPoint,
  initialName,
  compact = false,
  className,
  serverFields,
  onSave,
  onCancel,
}: PinDropFormProps) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const form = useSchemaForm(pinFormSchema, {
    coordinates: initialPoint ? formatLatLng(initialPoint.lat, initialPoint.lng) : '',
    name: initialName.slice(0, CUSTOM_PLACE_NAME_MAX),
    primaryType: '',
  });
  // In reading order: a failed submit focuses the first invalid one.
  const coordinates = useTextField(form.control, 'coordinates');
  const name = useTextField(form.control, 'name');
  const category = form.register('primaryType');
  const { errors, isSubmitting } = form.formState;
  const mapHeight = compact ? 260 : 280;
  const buttonSize = compact ? 'sm' : 'md';

  // Memoised: the map moves only when the point (or where it starts) really changes.
  const point = useMemo(() => parseCoordinates(coordinates.value), [coordinates.value]);
  const center = useMemo(() => point ?? near ?? undefined, [point, near]);
  const pinTitle = name.value.trim() || 'New place';
  const pins = useMemo(
    () => (point ? [{ id: PIN_ID, title: pinTitle, ...point }] : []),
    [point, pinTitle],
  );

  const submit = form.handleSubmit(async ({ coordinates: picked, ...fields }) => {
    try {
      await onSave({ ...picked, ...fields });
    } catch (error) {
      showServerError(form.setError, ['name', 'primaryType'], error, SAVE_FAILED, {
        lat: 'coordinates',
        lng: 'coordinates',
        ...serverFields,
      });
    }
  });

  return (
    <section className={cx(styles.panel, className)} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.title}>
        Drop a pin
      </Heading>
      <p className={styles.muted}>
        Click the map where the place is (or focus the map and press Enter for its centre), or type
        its coordinates. Then give it a name and a category.
      </p>
      <Suspense
        fallback={
          <div className={styles.mapFallback} style={{ height: mapHeight }} aria-hidden="true" />
        }
      >
        <SpotMap
          pins={pins}
          emptyMessage="Click the map to drop a pin"
          ariaLabel={mapLabel}
          onPickLocation={(picked) => {
            form.setValue('coordinates', formatLatLng(picked.lat, picked.lng));
            form.clearErrors('coordinates');
          }}
          {...(center ? { center } : {})}
          height={mapHeight}
        />
      </Suspense>
      <form className={cx(styles.form, compact && styles.compact)} onSubmit={submit} noValidate>
        <TextField
          label="Coordinates"
          inputMode="decimal"
          placeholder="48.8584, 2.2945"
          help="Latitude, longitude"
          {...coordinates}
        />
        <TextField label="Name" maxLength={CUSTOM_PLACE_NAME_MAX} {...name} />
        <div className={styles.selectField}>
          <label htmlFor={`${id}-category`} className={styles.selectLabel}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className={styles.select}
            {...category}
            aria-invalid={errors.primaryType ? true : undefined}
            aria-describedby={errors.primaryType ? `${id}-category-error` : undefined}
          >
            <option value="">Choose a category</option>
            {CUSTOM_PLACE_TYPES.map(({ type, label }) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
          {errors.primaryType && (
            <p id={`${id}-category-error`} className={styles.fieldError}>
              {errors.primaryType.message}
            </p>
          )}
        </div>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" size={buttonSize} busy={isSubmitting} busyLabel="Saving place…">
            Save place
          </Button>
          <Button size={buttonSize} variant="quiet" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
