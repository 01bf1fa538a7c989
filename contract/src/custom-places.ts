import { z } from 'zod';
import { text } from './input-rules.ts';
import { placeDetailsSchema } from './places.ts';

/**
 * A place no provider knows, added by hand (issue #3 §2): a pin, a name, a category.
 * Categories are Places API type names, so custom spots filter and read like any other
 * (`titleCaseType` shows them); `label` is what the category picker says.
 */
export const CUSTOM_PLACE_TYPES = [
  { type: 'restaurant', label: 'Restaurant' },
  { type: 'cafe', label: 'Cafe' },
  { type: 'bar', label: 'Bar' },
  { type: 'bakery', label: 'Bakery' },
  { type: 'store', label: 'Shop' },
  { type: 'park', label: 'Park' },
  { type: 'observation_deck', label: 'Viewpoint' },
  { type: 'beach', label: 'Beach' },
  { type: 'museum', label: 'Museum' },
  { type: 'tourist_attraction', label: 'Sight' },
  { type: 'hotel', label: 'Hotel' },
  { type: 'home', label: 'Home' },
  { type: 'point_of_interest', label: 'Other' },
] as const;
export type CustomPlaceType = (typeof CUSTOM_PLACE_TYPES)[number]['type'];
const TYPE_NAMES = CUSTOM_PLACE_TYPES.map((t) => t.type) as [CustomPlaceType, ...CustomPlaceType[]];

export const CUSTOM_PLACE_NAME_MAX = 100;

export const CUSTOM_PLACE_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be ${CUSTOM_PLACE_NAME_MAX} characters or fewer.`,
  typeRequired: 'Choose a category.',
  latitude: 'Latitude must be a number from -90 to 90.',
  longitude: 'Longitude must be a number from -180 to 180.',
} as const;

/**
 * `POST /api/places/custom/`. `areaId` is the city or region the user chose: its name
 * becomes the pin's city and address when the pin lies near it, read from the places
 * provider, never from the client.
 */
export const customPlaceSchema = z.object({
  name: text({ error: CUSTOM_PLACE_MESSAGES.nameRequired })
    .trim()
    .min(1, CUSTOM_PLACE_MESSAGES.nameRequired)
    .max(CUSTOM_PLACE_NAME_MAX, CUSTOM_PLACE_MESSAGES.nameTooLong),
  primaryType: z.enum(TYPE_NAMES, { error: CUSTOM_PLACE_MESSAGES.typeRequired }),
  lat: z
    .number({ error: CUSTOM_PLACE_MESSAGES.latitude })
    .min(-90, CUSTOM_PLACE_MESSAGES.latitude)
    .max(90, CUSTOM_PLACE_MESSAGES.latitude),
  lng: z
    .number({ error: CUSTOM_PLACE_MESSAGES.longitude })
    .min(-180, CUSTOM_PLACE_MESSAGES.longitude)
    .max(180, CUSTOM_PLACE_MESSAGES.longitude),
  areaId: text().trim().min(1).max(300).nullish(),
});
export type CustomPlaceBody = z.input<typeof customPlaceSchema>;

/** `GET /api/places/resolve/?q=`: a pasted link or coordinates. */
export const placeResolveQuerySchema = z.object({ q: text().trim().min(1).max(2000) });

/** The point the link gives, and the indexed places of that name near it (best first). */
export const placeResolveResponseSchema = z.object({
  point: z.object({ lat: z.number(), lng: z.number(), name: z.string().optional() }),
  nearby: z.array(placeDetailsSchema),
});
export type PlaceResolveResponse = z.infer<typeof placeResolveResponseSchema>;
