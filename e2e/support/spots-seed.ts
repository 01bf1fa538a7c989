import type { ApiClient } from './api-client.ts';

interface Place {
  id: string;
  displayName: string;
  city: string;
  country: string;
}

export interface SeededSpot {
  id: number;
  placeId: string;
  name: string;
  city: string;
  rating: number;
  visited: boolean;
  review: string;
}

/** Cities all over the world; each search answers several places of that name. */
// prettier-ignore
const CITY_QUERIES = [
  'Paris', 'London', 'Rome', 'Berlin', 'Madrid', 'Lisbon', 'Vienna', 'Prague', 'Tokyo',
  'Kyoto', 'Osaka', 'Seoul', 'Beijing', 'Shanghai', 'Sydney', 'Melbourne', 'Toronto',
  'Vancouver', 'Chicago', 'Boston', 'Austin', 'Denver', 'Seattle', 'Portland', 'Dublin',
  'Oslo', 'Stockholm', 'Helsinki', 'Copenhagen', 'Amsterdam', 'Brussels', 'Zurich', 'Geneva',
  'Milan', 'Naples', 'Venice', 'Florence', 'Athens', 'Istanbul', 'Cairo', 'Lima', 'Bogota',
  'Santiago', 'Havana', 'Nairobi', 'Cape Town', 'Mumbai', 'Delhi', 'Bangkok', 'Hanoi',
  'Manila', 'Jakarta', 'Auckland', 'San', 'Saint', 'New', 'Port', 'Santa',
];

/** Landmarks near a few cities, found the way /newSpot finds them (kind=place near a point). */
const LANDMARK_SEARCHES = [
  { near: { lat: 48.8566, lng: 2.3522 }, queries: ['Eiffel', 'museum', 'e', 'a', 'cathedral'] },
  { near: { lat: 41.9028, lng: 12.4964 }, queries: ['Colosseum', 'a', 'e', 'basilica'] },
  { near: { lat: 35.6762, lng: 139.6503 }, queries: ['temple', 'a', 'e', 'shrine'] },
];

const REVIEW_TEXTS = [
  'Quiet in the morning, packed by noon. Go early.',
  'Lovely light at sunset; bring a jacket, the wind picks up.',
  'Worth the detour for the view alone.',
  'A friend swears by it. On the list for next time.',
  'Good coffee two streets away. The square itself is the attraction.',
  '',
];

async function search(api: ApiClient, query: string): Promise<Place[]> {
  const { results } = await api.get<{ results: Place[] }>(`/api/places/search/?${query}`);
  return results;
}

/** Distinct real places from the places search API: landmarks first, then cities. */
export async function findPlaces(api: ApiClient, count: number): Promise<Place[]> {
  const found = new Map<string, Place>();
  for (const { near, queries } of LANDMARK_SEARCHES) {
    for (const query of queries) {
      const params = new URLSearchParams({
        kind: 'place',
        query,
        lat: String(near.lat),
        lng: String(near.lng),
      });
      for (const place of await search(api, params.toString())) found.set(place.id, place);
    }
  }
  for (const query of CITY_QUERIES) {
    if (found.size >= count) break;
    const params = new URLSearchParams({ kind: 'city', query });
    for (const place of await search(api, params.toString())) found.set(place.id, place);
  }
  if (found.size < count) throw new Error(`found only ${found.size} places`);
  return [...found.values()].slice(0, count);
}

/** Runs `work` over `items`, `width` at a time, keeping the order of the answers. */
async function inParallel<T, R>(
  items: T[],
  width: number,
  work: (item: T, i: number) => Promise<R>,
) {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * `count` spots for the signed-in client, through `POST /api/reviews/create-place-review/`
 * with varied ratings (0-5), visited flags and texts. `special` gives chosen fields to
 * the spot of a given place id.
 */
export async function seedSpots(
  api: ApiClient,
  count: number,
  special: Record<string, { review?: string; rating?: number; visited?: boolean }> = {},
): Promise<SeededSpot[]> {
  const places = await findPlaces(api, count);
  return inParallel(places, 8, async (place, i) => {
    const fields = {
      review: REVIEW_TEXTS[i % REVIEW_TEXTS.length]!,
      rating: i % 6,
      visited: i % 3 !== 1,
      ...special[place.id],
    };
    const created = await api.post<{ id: number }>('/api/reviews/create-place-review/', {
      place: { id: place.id },
      review: fields,
    });
    return {
      id: created.id,
      placeId: place.id,
      name: place.displayName,
      city: place.city,
      ...fields,
    };
  });
}
