import {
  CUSTOM_PLACE_NAME_MAX,
  CUSTOM_PLACE_TYPES,
  customPlaceSchema,
  formatLatLng,
  parseCoordinates,
  type ImportRowPatch,
} from '@spotbook/contract';
import { Suspense, useId, useMemo } from 'react';
import { z } from 'zod';
import { Alert } from '@/components/Alert.tsx';
import { Button } from '@/components/Button.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { useSchemaForm, useTextField } from '@/components/form/use-schema-form.ts';
import { SpotMap } from '@/features/map';
import { showServerError } from '@/lib/server-errors.ts';
import type { Point } from '../lib/search-near.ts';
import styles from './fixer.module.css';

const COORDINATES_MESSAGE = 'Enter coordinates like 48.8584, 2.2945.';
const SAVE_FAILED = 'The place could not be saved. Please try again.';
/** The patch's field names (`custom.lat`) onto the form's. */
const SERVER_FIELDS = {
  'custom.name': 'name',
  'custom.category': 'category',
  'custom.lat': 'coordinates',
  'custom.lng': 'coordinates',
} as const;
const place = customPlaceSchema.shape;
const pointSchema = z.object({ lat: place.lat, lng: place.lng });

/** Typed coordinates become the point the contract checks, with its own messages. */
const coordinatesSchema = z.string().transform((text, context) => {
  const point = parseCoordinates(text);
  const checked = point ? pointSchema.safeParse(point) : null;
  if (checked?.success) return checked.data;
  context.addIssue({
    code: 'custom',
    message: checked?.error.issues[0]?.message ?? COORDINATES_MESSAGE,
  });
  return z.NEVER;
});

/** The custom place of the row patch, over the custom-place flow's own rules and messages. */
const pinSchema = z.object({
  coordinates: coordinatesSchema,
  name: place.name,
  category: z.string().pipe(place.primaryType),
});

export interface RowPinFormProps {
  rowName: string;
  /** where the map starts: the row's point or its neighbours' */
  near: Point | null;
  /** the file's own point, if it had one: the pin starts there */
  initial: Point | null;
  onSave: (patch: ImportRowPatch) => Promise<void>;
  onCancel: () => void;
}

/**
 * Drop a pin for a row no provider knows, as in the custom-place flow: click the map (or
 * focus it and press Enter for its centre) or type coordinates, then name and category.
 */
export function RowPinForm({ rowName, near, initial, onSave, onCancel }: RowPinFormProps) {
  const id = useId();
  const form = useSchemaForm(pinSchema, {
    coordinates: initial ? formatLatLng(initial.lat, initial.lng) : '',
    name: rowName.slice(0, CUSTOM_PLACE_NAME_MAX),
    category: '',
  });
  const coordinates = useTextField(form.control, 'coordinates');
  const name = useTextField(form.control, 'name');
  const category = form.register('category');
  const { errors, isSubmitting } = form.formState;
  const point = useMemo(() => parseCoordinates(coordinates.value), [coordinates.value]);
  const center = useMemo(() => point ?? near ?? undefined, [point, near]);
  const pinTitle = name.value.trim() || 'New place';
  const pins = useMemo(
    () => (point ? [{ id: 'import-pin', title: pinTitle, ...point }] : []),
    [point, pinTitle],
  );

  const submit = form.handleSubmit(async (fields) => {
    try {
      await onSave({
        custom: { name: fields.name, category: fields.category, ...fields.coordinates },
      });
    } catch (error) {
      showServerError(form.setError, ['name', 'category'], error, SAVE_FAILED, SERVER_FIELDS);
    }
  });

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={styles.sectionTitle}>
        Drop a pin
      </h4>
      <p className={styles.muted}>
        Click the map where the place is (or focus the map and press Enter for its centre), or type
        its coordinates.
      </p>
      <Suspense fallback={<div className={styles.mapFallback} aria-hidden="true" />}>
        <SpotMap
          pins={pins}
          emptyMessage="Click the map to drop a pin"
          ariaLabel={`Map for placing ${rowName}`}
          onPickLocation={(picked) => {
            form.setValue('coordinates', formatLatLng(picked.lat, picked.lng));
            form.clearErrors('coordinates');
          }}
          {...(center ? { center } : {})}
          height={260}
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
          <label htmlFor={`${id}-category`} className={styles.selectLabel}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className={styles.select}
            {...category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${id}-category-error` : undefined}
          >
            <option value="">Choose a category</option>
            {CUSTOM_PLACE_TYPES.map(({ type, label }) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${id}-category-error`} className={styles.fieldError}>
              {errors.category.message}
            </p>
          )}
        </div>
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" size="sm" busy={isSubmitting} busyLabel="Saving place…">
            Save place
          </Button>
          <Button size="sm" variant="quiet" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
