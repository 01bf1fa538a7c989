import { LRUCache } from 'lru-cache';
import pThrottle from 'p-throttle';
import type { PlacesProvider } from '../places/provider.ts';

export interface ImportCallLimits {
  /** calls an import may make to an online provider per interval, all imports together */
  limit: number;
  intervalMs: number;
}

/** Five calls a second: a 10,000-row file takes minutes, not a burst a provider bills or blocks. */
const ONLINE_LIMITS: ImportCallLimits = { limit: 5, intervalMs: 1000 };

/**
 * The places provider as imports use it. The embedded index is local and free, so it is
 * used as it is. An online one (OSM, Google) is called at most `limit` times per interval
 * by every import of this server together (p-throttle queues the rest), and its answers
 * are kept for an hour: a file repeats names and areas, and a re-import asks again.
 */
export function providerForImports(
  provider: PlacesProvider,
  limits: ImportCallLimits = ONLINE_LIMITS,
): PlacesProvider {
  if (provider.name === 'embedded') return provider;
  // Strict: at most `limit` calls in any interval, not per fixed window (which lets
  // twice as many through around a window's edge).
  const throttle = pThrottle({ limit: limits.limit, interval: limits.intervalMs, strict: true });
  const answers = new LRUCache<string, { value: unknown }>({ max: 5000, ttl: 60 * 60 * 1000 });
  const cached = <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) => {
    const throttled = throttle(call);
    return async (...args: A): Promise<R> => {
      const key = JSON.stringify([name, ...args]);
      const hit = answers.get(key);
      if (hit) return hit.value as R;
      const value = await throttled(...args);
      answers.set(key, { value });
      return value;
    };
  };
  return {
    ...provider,
    name: provider.name,
    searchCities: cached('cities', (query: string) => provider.searchCities(query)),
    searchPlaces: cached(
      'places',
      (query: string, near: Parameters<PlacesProvider['searchPlaces']>[1]) =>
        provider.searchPlaces(query, near),
    ),
    getPlace: cached('place', (id: string) => provider.getPlace(id)),
    close: () => provider.close(),
  };
}
