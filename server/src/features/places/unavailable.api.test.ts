import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { createPlacesProvider } from './provider.ts';

/** Nothing listens on the discard port: every provider call fails like an outage. */
const UNREACHABLE = 'http://127.0.0.1:9';
const DETAIL = 'Place search is unavailable right now. Please try again in a moment.';

const { user } = useTestApp({
  env: { PLACES_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'unreachable-key-0123456789' },
  places: (config) => createPlacesProvider(config, { googleBaseUrl: UNREACHABLE }),
  users: ['user'],
});

describe('a places provider that cannot answer', () => {
  it('is the same 503 on every route that needs it, not "no results"', async () => {
    const answers = [
      await user.client.get('/api/places/search/?query=cafe&kind=place&lat=48.85&lng=2.35'),
      await user.client.get('/api/places/place/g:ChIJNeverStored0000000000000'),
      await user.client.post('/api/reviews/create-place-review/', {
        place: { id: 'g:ChIJNeverStored0000000000000' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ detail: DETAIL });
    }
  });
});
