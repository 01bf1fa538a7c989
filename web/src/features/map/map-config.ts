import { useEffect, useState } from 'react';
import { loadAppConfig } from '@/lib/app-config.ts';

/** The `maps` part of `GET /api/config/`. */
export interface MapConfig {
  engine: 'maplibre' | 'google';
  google_maps_api_key: string | null;
  /** Our offline basemap (/api/map/style.json) unless MAP_STYLE_URL picks an online style. */
  style_url: string;
  /** Place data from OpenStreetMap (an extract loaded, or PLACES_PROVIDER=osm): the map credits it. */
  openstreetmap_data: boolean;
}

export const OFFLINE_STYLE_URL = '/api/map/style.json';

/** ODbL asks for this credit wherever OpenStreetMap data is shown. */
export const OSM_MAP_CREDIT =
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

const DEFAULT_CONFIG: MapConfig = {
  engine: 'maplibre',
  google_maps_api_key: null,
  style_url: OFFLINE_STYLE_URL,
  openstreetmap_data: false,
};

let pending: Promise<MapConfig> | undefined;
/** The answer once it is in, so maps rendered later start with it (no extra render). */
let loaded: MapConfig | undefined;

/**
 * Fetched once per page load and shared by every map. Without an answer the offline
 * basemap is the best guess: it is what a deployment without settings serves.
 */
export function loadMapConfig(): Promise<MapConfig> {
  pending ??= loadAppConfig()
    .then(({ maps, openstreetmap_data }) => {
      const key = maps?.google_maps_api_key ?? null;
      return {
        engine: maps?.engine === 'google' && key ? 'google' : 'maplibre',
        google_maps_api_key: key,
        style_url: maps?.style_url || OFFLINE_STYLE_URL,
        openstreetmap_data: openstreetmap_data === true,
      } satisfies MapConfig;
    })
    .catch(() => DEFAULT_CONFIG)
    .then((config) => (loaded = config));
  return pending;
}

export function useMapConfig(): MapConfig | undefined {
  const [config, setConfig] = useState<MapConfig | undefined>(loaded);
  useEffect(() => {
    // Already set from `loaded`, this sets the same object again: React skips the render.
    let live = true;
    void loadMapConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** Our own style has a dark variant; an online style is used as it is. */
export function themedStyleUrl(styleUrl: string, scheme: 'light' | 'dark'): string {
  if (scheme !== 'dark' || !styleUrl.startsWith(OFFLINE_STYLE_URL)) return styleUrl;
  return `${styleUrl}${styleUrl.includes('?') ? '&' : '?'}theme=dark`;
}
