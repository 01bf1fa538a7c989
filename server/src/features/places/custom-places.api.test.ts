import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, CUSTOM_PLACE_MESSAGES } from '@spotbook/contract';
import { TestClient, useTestApp } from '../../../test/helper.ts';

const { t, alice, bob } = useTestApp({ users: ['alice', 'bob'] });

const pin = { name: 'Le Petit Coin', primaryType: 'cafe', lat: 48.8625, lng: 2.3412 };
const placeUrl = (id: string) => `/api/places/place/${encodeURIComponent(id)}`;

describe('POST /api/places/custom/', () => {
  it('creates a place only its owner sees', async () => {
    const created = await alice.client.post('/api/places/custom/', pin);
    expect(created.statusCode).toBe(201);
    const place = created.json();
    expect(place).toMatchObject({
      displayName: 'Le Petit Coin',
      primaryType: 'cafe',
      lat: 48.8625,
      lng: 2.3412,
      formattedAddress: '48.86250, 2.34120',
      city: '',
      previewImageUrl: '',
      websiteURI: '',
    });
    expect(place.id).toMatch(/^custom:[0-9a-f-]{36}$/);
    expect(place.googleMapsURI).toContain('query=48.8625,2.3412');

    const mine = await alice.client.get(placeUrl(place.id));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: place.id, user_review: null });
    const theirs = await bob.client.get(placeUrl(place.id));
    expect(theirs.statusCode).toBe(404);
    expect(
      await t.ctx.db
        .selectFrom('places')
        .select('owner_id')
        .where('id', '=', place.id)
        .executeTakeFirst(),
    ).toEqual({ owner_id: alice.id });
  });

  it('names the pin after the chosen city when it lies in it', async () => {
    const [paris] = (await alice.client.get('/api/places/search/?query=paris&kind=city')).json()
      .results;
    const inParis = await alice.client.post('/api/places/custom/', { ...pin, areaId: paris.id });
    expect(inParis.json()).toMatchObject({
      city: 'Paris',
      country: 'France',
      formattedAddress: paris.formattedAddress,
    });
    // A pin in Lyon is not in Paris, whatever area the page had open.
    const inLyon = await alice.client.post('/api/places/custom/', {
      ...pin,
      lat: 45.764,
      lng: 4.8357,
      areaId: paris.id,
    });
    expect(inLyon.json()).toMatchObject({ city: '', formattedAddress: '45.76400, 4.83570' });
    const unknownArea = await alice.client.post('/api/places/custom/', { ...pin, areaId: 'gn:0' });
    expect(unknownArea.statusCode).toBe(201);
    expect(unknownArea.json().city).toBe('');
  });

  it('can carry a spot like any other place', async () => {
    const place = (await alice.client.post('/api/places/custom/', pin)).json();
    const created = await alice.client.post('/api/reviews/create-place-review/', {
      place: { id: place.id },
      review: { review: 'Best croissant', rating: 4, visited: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().place_details).toMatchObject({ id: place.id, displayName: pin.name });
    const again = await alice.client.get(placeUrl(place.id));
    expect(again.json().user_review).toEqual({ id: created.json().id });
    // Someone else can't put a spot on it: to them it doesn't exist.
    const stolen = await bob.client.post('/api/reviews/create-place-review/', {
      place: { id: place.id },
    });
    expect(stolen.statusCode).not.toBe(201);
  });

  it('says what is wrong with the pin', async () => {
    const cases: [object, string, string][] = [
      [{ ...pin, name: '  ' }, 'name', CUSTOM_PLACE_MESSAGES.nameRequired],
      [{ ...pin, name: 'x'.repeat(101) }, 'name', CUSTOM_PLACE_MESSAGES.nameTooLong],
      [{ ...pin, primaryType: 'casino' }, 'primaryType', CUSTOM_PLACE_MESSAGES.typeRequired],
      [{ ...pin, lat: 90.5 }, 'lat', CUSTOM_PLACE_MESSAGES.latitude],
      [{ ...pin, lng: -181 }, 'lng', CUSTOM_PLACE_MESSAGES.longitude],
      [{ ...pin, lat: '48.8' }, 'lat', CUSTOM_PLACE_MESSAGES.latitude],
    ];
    for (const [body, field, message] of cases) {
      const response = await alice.client.post('/api/places/custom/', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const exactly100 = await alice.client.post('/api/places/custom/', {
      ...pin,
      name: 'x'.repeat(100),
    });
    expect(exactly100.statusCode).toBe(201);
  });

  it('needs a signed-in user and the CSRF header', async () => {
    const anonymous = await new TestClient(t.app).post('/api/places/custom/', pin);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().detail).toBe(AUTH_REQUIRED_DETAIL);
    const noCsrf = await alice.client.request('POST', '/api/places/custom/', pin, {
      'x-csrftoken': 'wrong',
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
