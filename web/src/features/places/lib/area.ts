import type { PlaceDetails } from '@spotbook/contract';

/**
 * Where place search looks (spec §3 "search location"): a city or region the user chose,
 * or their current position. `placeId` names a chosen area, so a pin dropped in it can
 * take its city; a current location has none.
 */
export interface SearchArea {
  lat: number;
  lng: number;
  label: string;
  placeId: string | null;
}

/** Result types that are areas to search in; anything else is a place to pick directly. */
const AREA_TYPES = new Set([
  'locality',
  'postal_town',
  'sublocality',
  'colloquial_area',
  'administrative_area_level_1',
  'administrative_area_level_2',
  'administrative_area_level_3',
  'country',
]);

export function isArea(place: Pick<PlaceDetails, 'primaryType'>): boolean {
  return AREA_TYPES.has(place.primaryType);
}

export function areaOfPlace(place: PlaceDetails): SearchArea {
  return {
    lat: place.lat,
    lng: place.lng,
    label: place.formattedAddress || place.displayName,
    placeId: place.id,
  };
}

export const CURRENT_LOCATION_LABEL = 'Your current location';
