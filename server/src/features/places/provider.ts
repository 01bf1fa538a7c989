import type { PlaceDetails } from '@spotbook/contract';
import type { Config } from '../../config.ts';
import { openPlacesIndex, type PlacesIndex } from './embedded/places-index.ts';
import { createEmbeddedProvider } from './embedded/embedded-provider.ts';
import { createGoogleProvider, GOOGLE_PLACES_BASE_URL } from './google/google-provider.ts';
import { createPhotonProvider } from './osm/photon-provider.ts';
import { loadExtractsInBackground } from './osm-extract/load-at-start.ts';

export { PlacesUnavailableError } from './errors.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Place details plus what only the server needs: the provider's photo reference
 * ('' = none), which the server turns into a cached image. It never reaches a client
 * (response schemas strip it), and it holds no key.
 */
export interface ProviderPlace extends PlaceDetails {
  photoRef: string;
}

export type PlacesProviderName = 'embedded' | 'osm' | 'google';

/** One interface over the embedded index, OpenStreetMap (Photon) and Google Places. */
export interface PlacesProvider {
  readonly name: PlacesProviderName;
  /**
   * Cities, regions and countries, best match first, at most 10. The embedded index
   * follows them with airports and landmarks whose name or code matches ("JFK").
   */
  searchCities(query: string): Promise<ProviderPlace[]>;
  /** Places within MAP.placeSearchBoxDegrees of `near`; best match first; at most 20. */
  searchPlaces(query: string, near: LatLng): Promise<ProviderPlace[]>;
  /** Details of an id this provider issued; null when unknown (or not its namespace). */
  getPlace(id: string): Promise<ProviderPlace | null>;
  /**
   * The URL the server fetches a photo from. It may carry the API key, so it is for
   * the server's own fetch only and must never be sent to a client.
   */
  photoUrl?(photoRef: string): string | null;
  /** Whether results carry OpenStreetMap data (an extract loaded into the embedded index). */
  hasOpenStreetMapData?(): boolean;
  /** Frees files and caches; called when the server closes. */
  close(): void;
}

export type PlacesConfig = Pick<
  Config,
  'PLACES_PROVIDER' | 'DATA_DIR' | 'OSM_SEARCH_URL' | 'GOOGLE_MAPS_API_KEY' | 'PUBLIC_URL'
> &
  Partial<Pick<Config, 'PLACES_EXTRACTS'>>;

export interface PlacesProviderDeps {
  /** Replaced in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Google Places API (New) base URL; tests point it at a local server. */
  googleBaseUrl?: string;
  /** An already opened embedded index (tests share one); otherwise opened from DATA_DIR. */
  placesIndex?: PlacesIndex;
  /** Where the embedded index reports its first-start build. */
  log?: (message: string) => void;
}

/** Chooses the provider named by PLACES_PROVIDER (config.ts defaults it to embedded). */
export function createPlacesProvider(
  config: PlacesConfig,
  deps: PlacesProviderDeps = {},
): PlacesProvider {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  switch (config.PLACES_PROVIDER) {
    case 'google':
      if (!config.GOOGLE_MAPS_API_KEY) throw new Error('PLACES_PROVIDER=google needs a key');
      return createGoogleProvider({
        apiKey: config.GOOGLE_MAPS_API_KEY,
        baseUrl: deps.googleBaseUrl ?? GOOGLE_PLACES_BASE_URL,
        fetch: fetchImpl,
      });
    case 'osm':
      return createPhotonProvider({
        searchUrl: config.OSM_SEARCH_URL,
        userAgent: `Spotbook/1.0 (+${config.PUBLIC_URL})`,
        fetch: fetchImpl,
      });
    case 'embedded': {
      const index = deps.placesIndex ?? openPlacesIndex(config.DATA_DIR, { log: deps.log });
      const provider = createEmbeddedProvider(index, { ownsIndex: !deps.placesIndex });
      if (!config.PLACES_EXTRACTS?.length) return provider;
      // Loaded beside the running server, which switches to the new index when done.
      const loading = loadExtractsInBackground(config.DATA_DIR, config.PLACES_EXTRACTS, {
        indexFile: index.file,
        log: deps.log,
      });
      return {
        ...provider,
        close() {
          loading.stop();
          provider.close();
        },
      };
    }
  }
}
