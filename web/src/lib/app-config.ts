import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

/** `GET /api/config/`: what the deployment tells the client (contact address, map setup). */
export interface AppConfig {
  contact_email: string;
  /** Where place search comes from; decides which data credits the About page shows. */
  places_provider: 'embedded' | 'osm' | 'google';
  maps: {
    /** 'google' only when the deployment set a browser key (GOOGLE_MAPS_BROWSER_KEY) */
    engine: 'maplibre' | 'google';
    /** that browser key, restricted by referrer; never the server's Places key */
    google_maps_api_key: string | null;
    style_url: string;
  };
}

export const FALLBACK_CONTACT_EMAIL = 'hello@spotbook.localhost';

let pending: Promise<AppConfig> | undefined;

/**
 * One request per page load, shared by the query below and by the map (which loads
 * outside React Query, before its engine chunk); a failure is not kept.
 */
export function loadAppConfig(): Promise<AppConfig> {
  pending ??= apiFetch<AppConfig>('/api/config/').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

export const appConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: loadAppConfig,
  // The configuration only changes when the server restarts.
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

export function useContactEmail(): string {
  return useAppConfig().data?.contact_email || FALLBACK_CONTACT_EMAIL;
}
