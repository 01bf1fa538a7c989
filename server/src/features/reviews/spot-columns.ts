import type { PlaceRow } from '../places/store.ts';
import { searchNorm } from './search-text.ts';

type PlaceFields = Pick<
  PlaceRow,
  'display_name' | 'formatted_address' | 'city' | 'country' | 'primary_type'
>;

/**
 * The review columns copied from its place (so the gallery filters, sorts and searches
 * one table) plus `search_norm`. Every write of a review goes through here, so the
 * copies and the search words can't drift apart.
 */
export function spotColumns(place: PlaceFields, reviewText: string) {
  return {
    place_name: place.display_name,
    place_type: place.primary_type,
    place_city: place.city,
    place_country: place.country,
    search_norm: searchNorm([place.display_name, place.formatted_address, place.city, reviewText]),
  };
}
