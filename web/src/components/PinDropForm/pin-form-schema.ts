import { customPlaceSchema, parseCoordinates } from '@spotbook/contract';
import { z } from 'zod';

const COORDINATES_MESSAGE = 'Enter coordinates like 48.8584, 2.2945.';

const place = customPlaceSchema.shape;
const pointSchema = z.object({ lat: place.lat, lng: place.lng });

/** Typed coordinates become the point the contract's schema checks, with its own messages. */
const coordinatesSchema = z.string().transform((text, context) => {
  const point = parseCoordinates(text);
  const checked = point ? pointSchema.safeParse(point) : null;
  if (checked?.success) return checked.data;
  const message = checked?.error.issues[0]?.message ?? COORDINATES_MESSAGE;
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
});

/**
 * The pin form's fields over `customPlaceSchema` (its rules and messages); the category
 * starts empty ('Choose a category'), so it is a string until it is checked.
 */
export const pinFormSchema = z.object({
  coordinates: coordinatesSchema,
  name: place.name,
  primaryType: z.string().pipe(place.primaryType),
});

export type PinFormField = keyof z.input<typeof pinFormSchema>;
