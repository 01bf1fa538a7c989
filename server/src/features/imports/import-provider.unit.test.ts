import { describe, expect, it } from 'vitest';
import type { PlacesProvider } from '../places/provider.ts';
import { providerForImports } from './import-provider.ts';

/** A provider that only counts and times its calls. */
function countingProvider(name: PlacesProvider['name']) {
  const calls: number[] = [];
  const provider: PlacesProvider = {
    name,
    searchCities: async () => (calls.push(Date.now()), []),
    searchPlaces: async () => (calls.push(Date.now()), []),
    getPlace: async () => (calls.push(Date.now()), null),
    close: () => undefined,
  };
  return { provider, calls };
}

describe('the places provider as imports use it', () => {
  it('calls an online provider at most `limit` times per interval, and once per question', async () => {
    const { provider, calls } = countingProvider('google');
    const forImports = providerForImports(provider, { limit: 2, intervalMs: 200 });
    const near = { lat: 48.85, lng: 2.35 };
    const started = Date.now();
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => forImports.searchPlaces(name, near)),
    );
    // Six calls at two per 200 ms: the last pair goes out no sooner than 400 ms in.
    expect(calls).toHaveLength(6);
    expect(Math.max(...calls) - started).toBeGreaterThanOrEqual(380);
    // The same questions again are answered from memory, without waiting.
    const again = Date.now();
    await Promise.all(['a', 'b', 'c'].map((name) => forImports.searchPlaces(name, near)));
    await forImports.searchPlaces('a', { lat: 1, lng: 1 }); // elsewhere: a new question
    expect(calls).toHaveLength(7);
    expect(Date.now() - again).toBeLessThan(380);
  });

  it('leaves the embedded index as it is (local, free)', () => {
    const { provider } = countingProvider('embedded');
    expect(providerForImports(provider)).toBe(provider);
  });
});
