import type { PlacesProvider } from '../provider.ts';
import type { PlacesIndex } from './places-index.ts';

/** The default provider: answers from the local index file, with no network at all. */
export function createEmbeddedProvider(
  index: PlacesIndex,
  { ownsIndex }: { ownsIndex: boolean },
): PlacesProvider {
  return {
    name: 'embedded',
    searchCities: async (query) => index.searchCities(query),
    searchPlaces: async (query, near) => index.searchPlaces(query, near),
    getPlace: async (id) => index.getPlace(id),
    hasOpenStreetMapData: () => index.hasExtracts(),
    close: () => {
      if (ownsIndex) index.close();
    },
  };
}
