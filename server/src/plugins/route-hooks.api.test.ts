import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

/**
 * The CSRF and session hooks decide by the route the router matched, not by the raw URL:
 * the router decodes `/%61pi/…` to `/api/…`, which a `request.url.startsWith('/api/')`
 * test missed, so such a write reached its handler with neither check.
 */

const { t, user } = useTestApp({ users: ['user'] });

/** The signed-in user's cookies (session and csrftoken) without the X-CSRFToken header. */
const cookieHeader = () =>
  [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

const sessionUser = async (url = '/api/user/session/') =>
  (await t.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader() } })).json().user;

describe('hooks decide by the matched route', () => {
  it('the router does decode /%61pi/ to the API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('a write through an encoded path without the CSRF token is refused and does nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user/logout/',
      headers: { cookie: cookieHeader() },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF Failed/);
    expect((await sessionUser())?.username).toBe(user.username);
  });

  it('a cross-site Origin is refused on an encoded path too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user/logout/',
      headers: {
        cookie: cookieHeader(),
        'x-csrftoken': user.client.cookies.get('csrftoken')!,
        origin: 'https://evil.example',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/Origin checking failed/);
  });

  it('the session is loaded on an encoded path', async () => {
    expect(await sessionUser('/%61pi/user/session/')).toMatchObject({
      id: user.id,
      username: user.username,
    });
    expect(await sessionUser('/%61%70%69/%75ser/session/')).toMatchObject({ id: user.id });
  });

  it('paths the router does not match as API routes never reach a handler', async () => {
    for (const url of ['/api//user/logout/', '/API/user/logout/', '/Api/user/logout/']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookieHeader() },
      });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json().detail, url).toEqual(expect.any(String));
    }
    expect((await sessionUser())?.username).toBe(user.username);
  });

  it('an unmatched API-looking GET is the JSON 404, never the web page', async () => {
    for (const url of ['/api//user/session/', '/API/user/session/', '/%41PI/nothing', '/%61pi']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ detail: expect.any(String) });
    }
  });

  it('a signed-in write with the token still works through the usual path', async () => {
    const response = await user.client.post('/api/user/logout/');
    expect(response.statusCode).toBe(200);
    expect(await sessionUser()).toBeNull();
  });
});
