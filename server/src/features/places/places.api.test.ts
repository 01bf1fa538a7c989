import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, PLACE_SEARCH_MESSAGES } from '@spotbook/contract';
import { TestClient, useTestApp } from '../../../test/helper.ts';

const { t, user } = useTestApp({ users: ['user'] });

const search = (query: string) =>
  user.client.get(`/api/places/search/?${new URLSearchParams(query)}`);

describe('GET /api/places/search/', () => {
  it('finds cities by prefix, without accents, by airport code', async () => {
    const paris = (await search('query=pari&kind=city')).json().results;
    expect(paris[0]).toMatchObject({ displayName: 'Paris', country: 'France' });
    const saoPaulo = (await search('query=sao paulo&kind=city')).json().results;
    expect(saoPaulo[0].displayName).toBe('São Paulo');
    const tokyo = (await search('query=Tokyo')).json().results;
    expect(tokyo[0].displayName).toBe('Tokyo');
  });

  it('finds places near a point, inside the 0.15° box', async () => {
    const response = await search('query=museum&kind=place&lat=48.8566&lng=2.3522');
    const results = response.json().results as { primaryType: string; lat: number; lng: number }[];
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const r of results) {
      expect(Math.abs(r.lat - 48.8566)).toBeLessThanOrEqual(0.15);
      expect(Math.abs(r.lng - 2.3522)).toBeLessThanOrEqual(0.15);
    }
    expect(results.some((r) => r.primaryType === 'museum')).toBe(true);
    const jfk = (await search('query=JFK&kind=place&lat=40.7128&lng=-73.9')).json().results;
    expect(jfk[0].displayName).toMatch(/John F\.? Kennedy/);
  });

  it('says what is wrong with a bad query', async () => {
    const noPoint = await search('query=museum&kind=place');
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().errors.lat).toEqual([PLACE_SEARCH_MESSAGES.pointRequired]);
    expect((await search('query=&kind=city')).statusCode).toBe(400);
    expect((await search('query=x&kind=planet')).statusCode).toBe(400);
    expect((await search('query=x&kind=place&lat=91&lng=0')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const response = await new TestClient(t.app).get('/api/places/search/?query=paris');
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(AUTH_REQUIRED_DETAIL);
  });
});

describe('GET /api/places/place/{placeId}', () => {
  it('answers the details and the caller’s spot of the place', async () => {
    const [paris] = (await search('query=paris&kind=city')).json().results;
    const first = await user.client.get(`/api/places/place/${encodeURIComponent(paris.id)}`);
    expect(first.json()).toMatchObject({ id: paris.id, displayName: 'Paris', user_review: null });
    expect(first.json()).not.toHaveProperty('photoRef');
    const created = await user.client.post('/api/reviews/create-place-review/', {
      place: { id: paris.id, displayName: 'Not Paris' },
      review: { review: 'Lovely', rating: 5, visited: true },
    });
    expect(created.statusCode).toBe(201);
    const again = await user.client.get(`/api/places/place/${encodeURIComponent(paris.id)}`);
    expect(again.json()).toMatchObject({
      displayName: 'Paris',
      user_review: { id: created.json().id },
    });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await user.client.get('/api/places/place/gn:0')).statusCode).toBe(404);
    expect((await user.client.get('/api/places/place/nonsense')).statusCode).toBe(404);
  });
});
