import { MAP, PLACE_SEARCH_LIMITS, normalizeText } from '@spotbook/contract';
import { LRUCache } from 'lru-cache';
import type { LatLng, PlacesProvider, ProviderPlace } from '../provider.ts';
import { requestJson } from '../request-json.ts';
import { photonReplySchema, toProviderPlace } from './photon-mapping.ts';

export interface PhotonProviderOptions {
  /** A Photon-compatible search endpoint, e.g. https://photon.komoot.io/api/ */
  searchUrl: string;
  /** Photon's public instance asks clients to say who they are. */
  userAgent: string;
  fetch: typeof fetch;
}

/** Photon's layers that are areas: what a city search may answer. */
const AREA_LAYERS = ['city', 'county', 'state', 'country'];
const AREA_TYPES = new Set([
  'locality',
  'sublocality',
  'administrative_area_level_1',
  'administrative_area_level_2',
  'country',
]);

/**
 * OpenStreetMap search through Photon. Answers are cached (a public instance should
 * not see the same autocomplete twice), and every place seen in an answer is kept a
 * day so `getPlace` can return it: Photon has no lookup by OSM id, and a place is
 * stored in our database as soon as someone saves a spot of it. An id not seen
 * recently (say, after a restart) answers null and the client searches again.
 */
export function createPhotonProvider(options: PhotonProviderOptions): PlacesProvider {
  const answers = new LRUCache<string, ProviderPlace[]>({ max: 1000, ttl: 10 * 60_000 });
  const seenPlaces = new LRUCache<string, ProviderPlace>({ max: 5000, ttl: 24 * 3_600_000 });

  async function search(cacheKey: string, params: URLSearchParams): Promise<ProviderPlace[]> {
    const cached = answers.get(cacheKey);
    if (cached) return cached;
    const url = new URL(options.searchUrl);
    for (const [key, value] of params) url.searchParams.append(key, value);
    const reply = await requestJson(
      'osm',
      options.fetch,
      url.href,
      { headers: { 'User-Agent': options.userAgent, Accept: 'application/json' } },
      photonReplySchema,
    );
    const places = (reply?.features ?? []).flatMap((f) => toProviderPlace(f) ?? []);
    answers.set(cacheKey, places);
    for (const place of places) seenPlaces.set(place.id, place);
    return places;
  }

  return {
    name: 'osm',

    async searchCities(query) {
      const params = new URLSearchParams({
        q: query,
        limit: String(PLACE_SEARCH_LIMITS.city),
        lang: 'en',
      });
      for (const layer of AREA_LAYERS) params.append('layer', layer);
      const places = await search(`city|${normalizeText(query)}`, params);
      return places.filter((p) => AREA_TYPES.has(p.primaryType));
    },

    async searchPlaces(query, near: LatLng) {
      const d = MAP.placeSearchBoxDegrees;
      const params = new URLSearchParams({
        q: query,
        limit: String(PLACE_SEARCH_LIMITS.place),
        lang: 'en',
        lat: String(near.lat),
        lon: String(near.lng),
        bbox: [near.lng - d, near.lat - d, near.lng + d, near.lat + d].join(','),
      });
      const point = `${near.lat.toFixed(3)},${near.lng.toFixed(3)}`;
      const places = await search(`place|${point}|${normalizeText(query)}`, params);
      return places.filter(
        (p) => Math.abs(p.lat - near.lat) <= d && Math.abs(p.lng - near.lng) <= d,
      );
    },

    async getPlace(id) {
      return id.startsWith('osm:') ? (seenPlaces.get(id) ?? null) : null;
    },

    close() {
      answers.clear();
      seenPlaces.clear();
    },
  };
}
