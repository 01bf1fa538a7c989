import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportSummary } from '@spotbook/contract';
import { useTestApp } from '../../../test/helper.ts';
import { createPlacesProvider } from '../places/provider.ts';
import { startGoogleStandIn } from './test/google-stand-in.ts';
import { importFile, savedPlacesJson } from './test/upload.ts';

const KEY = 'import-google-key-0123456789';
const LOUVRE = 'g:ChIJD3uTd9hx5kcR1IQvGfr8dbk';
const ORSAY = 'g:ChIJG5Qq5S1u5kcRBUvh7q6l6lQ';
const PARIS = 'g:ChIJD7fiBh9u5kcRYJSMaMOCCwQ';
const NOWHERE = 'Qwxzv Plorkh';
/** import-provider.ts: at most 5 calls in any second. */
const CALLS_PER_SECOND = 5;
/** A call the throttle let out a little late (a busy timer) may shorten the gap after it. */
const TIMER_SLACK_MS = 25;

/**
 * A Takeout file of four questions: a name by its coordinates (15 m from the Louvre),
 * two names only (a museum, a city), and one Google does not know, twice.
 */
const FILE = savedPlacesJson([
  { name: 'Louvre', lat: 48.8607, lng: 2.3378 },
  { name: "Musée d'Orsay" },
  { name: 'Paris' },
  { name: NOWHERE },
  { name: NOWHERE },
]);

let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
/** When each call to Google left the server (the stand-in sees them later, unevenly). */
const departures: number[] = [];
const timedFetch: typeof fetch = (input, init) => {
  departures.push(Date.now());
  return fetch(input, init);
};
// Before useTestApp's own beforeAll: the app's provider is pointed at the stand-in.
beforeAll(async () => {
  google = await startGoogleStandIn();
});
afterAll(() => google?.close());

/** Runtime contract §7's matching with `PLACES_PROVIDER=google`, through import-provider.ts. */
describe('matching an import against Google Places', () => {
  const { t, alice, bob } = useTestApp({
    env: { PLACES_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: KEY },
    places: (config) =>
      createPlacesProvider(config, { googleBaseUrl: `${google.url}/v1`, fetch: timedFetch }),
    users: ['alice', 'bob'],
  });
  let importId: number;

  it('matches by name near the coordinates and by name only, each question asked once, at most 5 a second', async () => {
    const job = await importFile(t, alice.client, 'Saved Places.json', FILE);
    importId = job.id;
    const [louvre, orsay, paris, nowhere, again] = job.rows;
    expect(louvre!.match?.id).toBe(LOUVRE);
    expect(orsay!.match?.id).toBe(ORSAY); // searched near the Louvre, the file's other place
    expect(paris!.match?.id).toBe(PARIS); // Google's city beats "Paris Baguette"
    expect(paris!.candidates.map((c) => c.displayName)).toContain('Paris Baguette');
    for (const row of [nowhere, again]) {
      expect(row).toMatchObject({ match: null, problem: IMPORT_MESSAGES.notFound });
    }

    // Every search went with the server's key, and the repeated row asked nothing new.
    expect(google.requests.every((r) => r.headers['x-goog-api-key'] === KEY)).toBe(true);
    expect(google.calls).toEqual([
      'search Louvre (near)',
      "search Musée d'Orsay (near)",
      "search Musée d'Orsay",
      'search Paris (near)',
      'search Paris',
      `search ${NOWHERE} (near)`,
      `search ${NOWHERE}`,
    ]);
    // Seven calls: the sixth left no sooner than a second after the first, the seventh
    // a second after the second.
    expect(departures).toHaveLength(7);
    for (let i = CALLS_PER_SECOND; i < departures.length; i += 1) {
      const gap = departures[i]! - departures[i - CALLS_PER_SECOND]!;
      expect(gap).toBeGreaterThanOrEqual(1000 - TIMER_SLACK_MS);
    }
  });

  it('answers the same file again from its cache, for any user, without calling Google', async () => {
    const before = google.calls.length;
    const job = await importFile(t, bob.client, 'Saved Places.json', FILE);
    expect(job.rows.map((row) => row.match?.id ?? null)).toEqual([
      LOUVRE,
      ORSAY,
      PARIS,
      null,
      null,
    ]);
    expect(google.calls).toHaveLength(before);
  });

  it("confirms with Google's places: one details call each, stored once, spots created", async () => {
    const before = google.calls.length;
    const response = await alice.client.post(`/api/imports/${importId}/confirm/`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportSummary>()).toMatchObject({
      created: 3,
      already_had: 0,
      skipped: 2,
    });
    expect(google.calls.slice(before).sort()).toEqual(
      [LOUVRE, ORSAY, PARIS].map((id) => `details ${id.slice(2)}`).sort(),
    );
    const stored = await t.ctx.db
      .selectFrom('places')
      .select('id')
      .where('id', 'in', [LOUVRE, ORSAY, PARIS])
      .execute();
    expect(stored).toHaveLength(3);
  });
});
