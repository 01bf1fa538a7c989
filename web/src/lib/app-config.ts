import type { AppConfig } from '@spotbook/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

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

/** The answer the page carried (page data): neither the query nor the map asks again. */
export function seedAppConfig(queryClient: QueryClient, config: AppConfig): void {
  pending ??= Promise.resolve(config);
  queryClient.setQueryData(appConfigQuery.queryKey, config);
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
