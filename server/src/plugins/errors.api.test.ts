import { describe, expect, it } from 'vitest';
import { TestClient, useTestApp } from '../../test/helper.ts';

const { t } = useTestApp();

/** Every answer under /api/ to bad input: a 4xx JSON with a detail, nothing internal. */
function expectCleanClientError(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/application\/json/);
  const body = JSON.parse(response.body) as { detail: unknown };
  expect(typeof body.detail).toBe('string');
  expect(response.body).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+|SELECT|sqlite|postgres/i);
}

describe('bad input', () => {
  it('malformed JSON', async () => {
    const client = new TestClient(t.app);
    const r = await client.request('POST', '/api/user/login/', '{"username_or_email": ', {
      'content-type': 'application/json',
    });
    expectCleanClientError(r, 400);
    expect(r.json().detail).toBe('Malformed JSON in the request body.');
  });

  it('wrong types and missing fields name the field', async () => {
    const client = new TestClient(t.app);
    const wrong = await client.post('/api/user/login/', { username_or_email: 42, password: ['x'] });
    expectCleanClientError(wrong, 400);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['password', 'username_or_email']);
    const missing = await client.post('/api/user/register/', {});
    expectCleanClientError(missing, 400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'password', 'username']);
  });

  it('a body that is not an object', async () => {
    const client = new TestClient(t.app);
    expectCleanClientError(await client.post('/api/user/login/', [1, 2]), 400);
    expectCleanClientError(
      await client.request('POST', '/api/user/login/', 'null', {
        'content-type': 'application/json',
      }),
      400,
    );
  });

  it('bodies over 1 MB', async () => {
    const client = new TestClient(t.app);
    const big = JSON.stringify({ username_or_email: 'x'.repeat(1_100_000), password: 'y' });
    const r = await client.request('POST', '/api/user/login/', big, {
      'content-type': 'application/json',
    });
    expectCleanClientError(r, 413);
  });

  it('unsupported content types', async () => {
    const client = new TestClient(t.app);
    const r = await client.request('POST', '/api/user/login/', 'a=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectCleanClientError(r, 415);
  });

  it('unknown API routes and methods', async () => {
    const client = new TestClient(t.app);
    expectCleanClientError(await client.get('/api/does-not-exist/'), 404);
    expectCleanClientError(await client.delete('/api/user/session/'), 404);
  });

  it('a missing hashed asset is a 404, never the HTML page', async () => {
    const response = await new TestClient(t.app).get('/assets/index-gone1234.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('a garbage Origin header', async () => {
    const client = new TestClient(t.app);
    expectCleanClientError(
      await client.request('POST', '/api/user/logout/', {}, { origin: '::not a url' }),
      403,
    );
  });

  it('odd path parameters', async () => {
    const client = new TestClient(t.app);
    const r = await client.post(`/api/user/password-reset-confirm/${'%ZZ'}/x/`, {
      new_password: 'long enough pw',
    });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
  });
});

describe('system', () => {
  it('health', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/user/login/'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username_or_email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });
});
