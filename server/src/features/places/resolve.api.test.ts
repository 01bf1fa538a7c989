import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_DETAIL, PLACE_LINK_MESSAGES } from '@spotbook/contract';
import { TestClient, useTestApp } from '../../../test/helper.ts';

const { t, user } = useTestApp({ users: ['user'] });

const resolve = (q: string, client = user.client) =>
  client.get(`/api/places/resolve/?${new URLSearchParams({ q })}`);

describe('GET /api/places/resolve/', () => {
  it('reads a Google place link and offers the indexed place of that name', async () => {
    const response = await resolve(
      'https://www.google.com/maps/place/Louvre+Museum/@48.8606111,2.3354553,17z/data=!3m1!4b1!4m6!3m5!8m2!3d48.8606111!4d2.337644',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.point).toEqual({ lat: 48.8606111, lng: 2.337644, name: 'Louvre Museum' });
    expect(body.nearby[0]).toMatchObject({ id: 'lm:fr-paris-louvre-museum', city: 'Paris' });
    expect(body.nearby[0]).not.toHaveProperty('photoRef');
  });

  it('answers a bare point for coordinates and nameless links', async () => {
    for (const q of [
      '48.8584, 2.2945',
      'https://www.openstreetmap.org/#map=17/48.8584/2.2945',
      'geo:48.8584,2.2945',
    ]) {
      const response = await resolve(q);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ point: { lat: 48.8584, lng: 2.2945 }, nearby: [] });
    }
  });

  it('says why a short link or a link without a place cannot be read', async () => {
    const short = await resolve('https://maps.app.goo.gl/Qb2QVUpVNLbJDUwq5');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      detail: PLACE_LINK_MESSAGES.shortLink,
      errors: { q: [PLACE_LINK_MESSAGES.shortLink] },
    });
    for (const q of ['https://example.com/somewhere', 'louvre', '91, 200']) {
      const response = await resolve(q);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(PLACE_LINK_MESSAGES.unreadable);
    }
    expect((await user.client.get('/api/places/resolve/?q=')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const response = await resolve('48.8584, 2.2945', new TestClient(t.app));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(AUTH_REQUIRED_DETAIL);
  });
});
