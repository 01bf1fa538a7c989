import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

/** `GET /api/config/`: what the deployment tells the client (contact address, map setup). */
export interface AppConfig {
  contact_email: string;
  /** Where place search comes from; decides which data credits the About page shows. */
  places_provider: 'embedded' | 'osm' | 'google';
  maps: {
    engine: 'maplibre' | 'google';
    google_maps_api_key: string | null;
    style_url: string;
  };
}

export const FALLBACK_CONTACT_EMAIL = 'hello@spotbook.localhost';

export const appConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => apiFetch<AppConfig>('/api/config/'),
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
