import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportSummary } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { fixture, startFixtureServer } from '../places/fixtures/fixture-server.ts';
import { createPhotonProvider } from '../places/osm/photon-provider.ts';
import { importFile, savedPlacesJson } from './test/upload.ts';

const LOUVRE = 'osm:W24639548';
const LUXEMBOURG = 'osm:R2489497';
const PARIS = 'osm:R7444';
const NOWHERE = 'Qwxzv Plorkh';

interface PhotonFeature {
  properties: { name: string };
  geometry: { coordinates: [number, number] };
}

/** Words of a name, for the stand-in's crude text search. */
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean),
  );

const RECORDED = ['photon-places-near-paris.json', 'photon-cities-pari.json'].flatMap(
  (name) => (fixture(name) as { features: PhotonFeature[] }).features,
);

/**
 * A local Photon answering from the places feature's recorded replies: the recorded
 * features sharing a word with the query, inside the `bbox` when one is sent (as Photon
 * does: every layer, the city too), else only the cities (the city layers were asked).
 */
function answer(url: URL): { type: string; features: PhotonFeature[] } {
  const asked = words(url.searchParams.get('q') ?? '');
  const box = url.searchParams.get('bbox')?.split(',').map(Number);
  const inside = ({
    geometry: {
      coordinates: [lng, lat],
    },
  }: PhotonFeature) =>
    box ? lng >= box[0]! && lat >= box[1]! && lng <= box[2]! && lat <= box[3]! : true;
  const cities = (fixture('photon-cities-pari.json') as { features: PhotonFeature[] }).features;
  return {
    type: 'FeatureCollection',
    features: (box ? RECORDED : cities).filter(
      (f) => inside(f) && [...words(f.properties.name)].some((word) => asked.has(word)),
    ),
  };
}

let photon: Awaited<ReturnType<typeof startFixtureServer>>;
beforeAll(async () => {
  photon = await startFixtureServer((request) => ({ body: answer(request.url) }));
});
afterAll(() => photon?.close());

/** Runtime contract §7's matching with `PLACES_PROVIDER=osm`, through import-provider.ts. */
describe('matching an import against OpenStreetMap (Photon)', () => {
  const { t, alice } = useTestApp({
    env: { PLACES_PROVIDER: 'osm' },
    places: () =>
      createPhotonProvider({
        searchUrl: `${photon.url}/api/`,
        userAgent: 'Spotbook/1.0 (+http://localhost:3000)',
        fetch,
      }),
    users: ['alice'],
  });

  it('matches by coordinates and by name near the file, asks each question once, and confirms', async () => {
    const job = await importFile(
      t,
      alice.client,
      'Saved Places.json',
      savedPlacesJson([
        { name: 'Louvre', lat: 48.8607, lng: 2.3378 },
        { name: 'Jardin du Luxembourg' },
        { name: 'Paris' },
        { name: NOWHERE },
        { name: NOWHERE },
      ]),
    );
    const [louvre, garden, paris, nowhere, again] = job.rows;
    expect(louvre!.match?.id).toBe(LOUVRE); // 15 m away, "Louvre" within "Louvre Museum"
    expect(garden!.match?.id).toBe(LUXEMBOURG); // searched near the file's other place
    expect(paris!.match?.id).toBe(PARIS); // the city near the file, not Paris, Texas
    for (const row of [nowhere!, again!]) {
      expect(row).toMatchObject({ match: null, problem: IMPORT_MESSAGES.notFound });
    }
    // The same name twice is asked once (import-provider.ts's cache), for places and cities.
    const asked = photon.requests
      .filter((r) => r.url.searchParams.get('q') === NOWHERE)
      .map((r) => (r.url.searchParams.has('bbox') ? 'places' : 'cities'));
    expect(asked.sort()).toEqual(['cities', 'places']);
    expect(photon.requests.every((r) => r.headers['user-agent']?.startsWith('Spotbook/'))).toBe(
      true,
    );

    const summary = (
      await alice.client.post(`/api/imports/${job.id}/confirm/`, {})
    ).json<ImportSummary>();
    expect(summary).toMatchObject({ created: 3, already_had: 0, skipped: 2 });
    const stored = await t.ctx.db
      .selectFrom('places')
      .select('id')
      .where('id', 'in', [LOUVRE, LUXEMBOURG, PARIS])
      .execute();
    expect(stored).toHaveLength(3);
  });
});
