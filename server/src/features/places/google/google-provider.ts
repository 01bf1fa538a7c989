import { MAP, PLACE_SEARCH_LIMITS } from '@spotbook/contract';
import type { LatLng, PlacesProvider } from '../provider.ts';
import { requestJson } from '../request-json.ts';
import {
  DETAILS_FIELD_MASK,
  SEARCH_FIELD_MASK,
  googlePlaceSchema,
  isArea,
  searchTextReplySchema,
  toProviderPlace,
} from './google-mapping.ts';

export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com/v1';

export interface GoogleProviderOptions {
  apiKey: string;
  /** Places API (New) root; tests point it at a local server. */
  baseUrl: string;
  fetch: typeof fetch;
}

/** Spec §9: language en-US, region us. */
const LOCALE = { languageCode: 'en-US', regionCode: 'us' } as const;
const PHOTO_NAME = /^places\/[\w-]+\/photos\/[\w-]+$/;

/**
 * Google Places API (New). The key travels in a header, never in a URL a client sees;
 * only photoUrl() puts it in a URL, for the server's own photo fetch.
 */
export function createGoogleProvider(options: GoogleProviderOptions): PlacesProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers = (fieldMask: string) => ({
    'Content-Type': 'application/json',
    'X-Goog-Api-Key': options.apiKey,
    'X-Goog-FieldMask': fieldMask,
  });

  async function searchText(body: Record<string, unknown>) {
    const reply = await requestJson(
      'google',
      options.fetch,
      `${baseUrl}/places:searchText`,
      { method: 'POST', headers: headers(SEARCH_FIELD_MASK), body: JSON.stringify(body) },
      searchTextReplySchema,
    );
    return reply?.places ?? [];
  }

  return {
    name: 'google',

    // Text search takes one includedType, and a city search wants localities and
    // administrative areas: search plainly and keep the areas.
    async searchCities(query) {
      const places = await searchText({ textQuery: query, ...LOCALE, pageSize: 20 });
      return places.filter(isArea).slice(0, PLACE_SEARCH_LIMITS.city).map(toProviderPlace);
    },

    async searchPlaces(query, near: LatLng) {
      const d = MAP.placeSearchBoxDegrees;
      const places = await searchText({
        textQuery: query,
        ...LOCALE,
        pageSize: PLACE_SEARCH_LIMITS.place,
        locationRestriction: {
          rectangle: {
            low: { latitude: near.lat - d, longitude: near.lng - d },
            high: { latitude: near.lat + d, longitude: near.lng + d },
          },
        },
      });
      return places.map(toProviderPlace);
    },

    async getPlace(id) {
      if (!id.startsWith('g:')) return null;
      const query = new URLSearchParams(LOCALE).toString();
      const place = await requestJson(
        'google',
        options.fetch,
        `${baseUrl}/places/${encodeURIComponent(id.slice(2))}?${query}`,
        { headers: headers(DETAILS_FIELD_MASK) },
        googlePlaceSchema,
      );
      return place ? toProviderPlace(place) : null;
    },

    photoUrl(photoRef) {
      if (!PHOTO_NAME.test(photoRef)) return null;
      const size = `maxHeightPx=${MAP.photoSize}&maxWidthPx=${MAP.photoSize}`;
      return `${baseUrl}/${photoRef}/media?${size}&key=${encodeURIComponent(options.apiKey)}`;
    },

    close() {},
  };
}
