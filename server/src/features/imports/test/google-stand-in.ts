import { fixture, startFixtureServer } from '../../places/fixtures/fixture-server.ts';

interface RecordedPlace {
  id: string;
  displayName: { text: string };
  location: { latitude: number; longitude: number };
}

interface Rectangle {
  low: { latitude: number; longitude: number };
  high: { latitude: number; longitude: number };
}

/** Google's documented reply shapes, as recorded in the places feature's fixtures. */
const RECORDED: RecordedPlace[] = [
  'google-search-text-places.json',
  'google-search-text-cities.json',
].flatMap((name) => (fixture(name) as { places: RecordedPlace[] }).places);

const words = (text: string) =>
  new Set(
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2),
  );

const inside = ({ location: { latitude, longitude } }: RecordedPlace, box: Rectangle) =>
  latitude >= box.low.latitude &&
  latitude <= box.high.latitude &&
  longitude >= box.low.longitude &&
  longitude <= box.high.longitude;

/**
 * A stand-in for Google Places API (New) over the recorded places: a text search answers
 * the places sharing a word with the query (inside `locationRestriction` when one is
 * sent), `{}` when none does, as Google does; details answer the recorded place. `calls`
 * says what each request asked, in order, to check the imports' cache.
 */
export async function startGoogleStandIn() {
  const calls: string[] = [];
  const server = await startFixtureServer(({ method, url, body }) => {
    if (method === 'POST' && url.pathname === '/v1/places:searchText') {
      const { textQuery, locationRestriction } = JSON.parse(body) as {
        textQuery: string;
        locationRestriction?: { rectangle: Rectangle };
      };
      calls.push(`search ${textQuery}${locationRestriction ? ' (near)' : ''}`);
      const asked = words(textQuery);
      const places = RECORDED.filter(
        (place) =>
          [...words(place.displayName.text)].some((word) => asked.has(word)) &&
          (!locationRestriction || inside(place, locationRestriction.rectangle)),
      );
      return { body: places.length ? { places } : {} };
    }
    const id = /^\/v1\/places\/([\w-]+)$/.exec(url.pathname)?.[1];
    calls.push(`details ${id}`);
    const place = RECORDED.find((recorded) => recorded.id === id);
    return place ? { body: place } : { status: 404, body: { error: { code: 404 } } };
  });
  return { ...server, calls };
}
