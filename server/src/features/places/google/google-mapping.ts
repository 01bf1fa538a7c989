import { z } from 'zod';
import type { ProviderPlace } from '../provider.ts';
import { mapsSearchUrl } from '../place-text.ts';

/** The fields we ask for (Places API (New) field masks), and so the ones we read. */
const PLACE_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'location',
  'primaryType',
  'types',
  'websiteUri',
  'googleMapsUri',
  'editorialSummary',
  'photos',
  'addressComponents',
];
export const DETAILS_FIELD_MASK = PLACE_FIELDS.join(',');
export const SEARCH_FIELD_MASK = PLACE_FIELDS.map((f) => `places.${f}`).join(',');

const localizedText = z.object({ text: z.string() });
export const googlePlaceSchema = z.object({
  id: z.string().min(1),
  displayName: localizedText.optional(),
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  primaryType: z.string().optional(),
  types: z.array(z.string()).optional(),
  websiteUri: z.string().optional(),
  googleMapsUri: z.string().optional(),
  editorialSummary: localizedText.optional(),
  photos: z.array(z.object({ name: z.string() })).optional(),
  addressComponents: z
    .array(z.object({ longText: z.string().optional(), types: z.array(z.string()) }))
    .optional(),
});
export type GooglePlace = z.infer<typeof googlePlaceSchema>;
export const searchTextReplySchema = z.object({ places: z.array(googlePlaceSchema).default([]) });

/** What a city search keeps: spec §9, "administrative areas and locality". */
export const CITY_TYPES = new Set([
  'locality',
  'postal_town',
  'sublocality',
  'administrative_area_level_1',
  'administrative_area_level_2',
  'administrative_area_level_3',
  'country',
]);

export function isArea(place: GooglePlace): boolean {
  return [place.primaryType, ...(place.types ?? [])].some((t) => t && CITY_TYPES.has(t));
}

export function toProviderPlace(place: GooglePlace): ProviderPlace {
  const component = (...types: string[]) =>
    types
      .map((type) => place.addressComponents?.find((c) => c.types.includes(type))?.longText)
      .find(Boolean) ?? '';
  const { latitude: lat, longitude: lng } = place.location;
  return {
    id: `g:${place.id}`,
    displayName: place.displayName?.text ?? '',
    formattedAddress: place.formattedAddress ?? '',
    city: component('locality', 'postal_town', 'administrative_area_level_2'),
    country: component('country'),
    lat,
    lng,
    primaryType: place.primaryType ?? place.types?.[0] ?? '',
    websiteURI: place.websiteUri ?? '',
    googleMapsURI: place.googleMapsUri ?? mapsSearchUrl(lat, lng),
    editorialSummary: place.editorialSummary?.text ?? '',
    previewImageUrl: '',
    cached_preview_image: '',
    // "places/{placeId}/photos/{photoId}": turned into a URL only by photoUrl()
    photoRef: place.photos?.[0]?.name ?? '',
  };
}
