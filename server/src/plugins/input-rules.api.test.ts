import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, LIST_MESSAGES, REVIEW_MESSAGES } from '@spotbook/contract';
import { createPlace } from '../../test/factories.ts';
import { TestClient, useTestApp } from '../../test/helper.ts';
import { createList, insertSpot } from '../features/lists/test/factories.ts';

/**
 * Runtime contract §6: NUL, unpaired surrogates and ids outside the database's integer
 * range are client errors (400, or 404 in a path) on SQLite and PostgreSQL alike.
 */
const { t, alice } = useTestApp({ users: ['alice'] });

const NUL = '\u0000';

describe('the text rule: no NUL, no unpaired surrogate', () => {
  it.each([
    ['NUL', `Caf${NUL}e`, INPUT_MESSAGES.nul],
    ['a lone high surrogate', 'Caf\ud800e', INPUT_MESSAGES.surrogate],
    ['a lone low surrogate', 'Caf\udc00e', INPUT_MESSAGES.surrogate],
  ])('a list name with %s is a 400 that says why', async (_what, name, message) => {
    const response = await alice.client.post('/api/lists/list/', { name });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
  });

  it('names the field when the schema finds it (a description, a review text)', async () => {
    const list = await createList(alice.client, { name: 'Text rule' });
    const patched = await alice.client.patch(`/api/lists/list/${list.id}/`, {
      description: `a${NUL}b`,
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().detail).toBe(INPUT_MESSAGES.nul);
  });

  it('still accepts proper surrogate pairs (emoji) and stores them as sent', async () => {
    const response = await alice.client.post('/api/lists/list/', { name: 'Coffee ☕ 😀' });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Coffee ☕ 😀');
  });

  it.each([
    '/api/lists/list/?search=%00',
    '/api/saved_lists/saved_list/?search=%00',
    '/api/reviews/review/?type=%00',
    '/api/reviews/review/?search=a%00b',
    '/api/places/search/?query=%00',
    '/api/places/resolve/?q=%00',
  ])('GET %s is a 400 with the NUL message', async (url) => {
    const response = await alice.client.get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(INPUT_MESSAGES.nul);
  });

  it.each([
    '/api/places/place/%00',
    '/api/places/photo/%00',
    '/api/lists/list/a%00b',
    '/api/saved_lists/saved_list/by-slug/%00/',
  ])('GET %s (NUL in a path) is a JSON 404', async (url) => {
    const response = await alice.client.get(url);
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().detail).toBe('string');
  });

  it('refuses NUL in sign-in and sign-up fields (looked up in the database)', async () => {
    const anonymous = new TestClient(t.app);
    const login = await anonymous.post('/api/user/login/', {
      username_or_email: `alice${NUL}`,
      password: 'whatever123',
    });
    expect(login.statusCode).toBe(400);
    const register = await anonymous.post('/api/user/register/', {
      username: `bob${NUL}`,
      email: 'bob@example.test',
      password: 'correct horse battery',
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().errors.username).toContain(INPUT_MESSAGES.nul);
  });

  it('refuses NUL even in a field no schema reads (defence in depth)', async () => {
    const list = await createList(alice.client, { name: 'Extra field' });
    const response = await alice.client.patch(`/api/lists/list/${list.id}/`, {
      extra: { deep: [`x${NUL}`] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(INPUT_MESSAGES.nul);
    // The same through a path the router decodes to /api/ (/%61pi/…).
    const disguised = await alice.client.patch(`/%61pi/lists/list/${list.id}/`, {
      extra: `x${NUL}`,
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errors).toEqual({ extra: [INPUT_MESSAGES.nul] });
  });
});

describe('the id rule: 1..2147483647 (PostgreSQL integer)', () => {
  it('create-place-review with list_id 99999999999 is a 400 on list_id', async () => {
    const placeId = await createPlace(t.ctx);
    const response = await alice.client.post('/api/reviews/create-place-review/', {
      place: { id: placeId },
      list_id: 99999999999,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.list_id).toEqual([REVIEW_MESSAGES.listIds]);
  });

  it.each([2147483648, 2 ** 53, -1, 0, 1.5, '1e3', '0x10'])(
    'a list or review id of %j in a body is a 400',
    async (id) => {
      const response = await alice.client.post('/api/list_reviews/list_review/', {
        list: id,
        review: id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.list).toEqual([LIST_MESSAGES.invalidId]);
    },
  );

  it('accepts the largest id and answers it as missing', async () => {
    const response = await alice.client.put('/api/reviews/review/2147483647/', { rating: 1 });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/reviews/review/2147483648/'],
    ['GET', '/api/reviews/review/-1/'],
    ['GET', '/api/reviews/review/abc/'],
    ['PUT', '/api/reviews/review/99999999999/'],
    ['DELETE', '/api/reviews/review/2147483648/'],
    ['GET', '/api/list_reviews/list_review/for-review/2147483648/'],
    ['DELETE', '/api/saved_lists/saved_list/99999999999/'],
    ['DELETE', '/api/saved_lists/saved_list/0/'],
    ['DELETE', '/api/list_reviews/list_review/remove/2147483648/1/'],
    ['GET', '/api/lists/list/2147483648'],
    ['PATCH', '/api/lists/list/99999999999/'],
  ] as const)('%s %s (id out of range in a path) is a JSON 404', async (method, url) => {
    const response = await alice.client.request(method, url, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().detail).toBe('string');
  });

  it('the web still reaches a real spot by its id', async () => {
    const reviewId = await insertSpot(t.ctx.db, alice.id);
    const response = await alice.client.get(`/api/reviews/review/${reviewId}/`);
    expect(response.statusCode).toBe(200);
  });
});
