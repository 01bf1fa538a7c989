import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { WEB_DIST } from './web-app.ts';

/** The Content-Security-Policy header as directive → sources. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header).toEqual(expect.any(String));
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Contract §6: what every HTML answer must carry, whatever the deployment. */
function expectStrictHeaders(response: LightMyRequestResponse) {
  const csp = policy(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('font-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  const all = [...csp.values()].flat();
  expect(all).not.toContain("'unsafe-eval'");
  expect(all).not.toContain("'unsafe-inline'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

describe('security headers, default deployment (http, no Google, offline map)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('the web app page (client-route fallback) carries the strict policy, no HSTS', async () => {
    const response = await get('/spots/');
    expectStrictHeaders(response);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // An http deployment must not be told to upgrade its own requests.
    expect(policy(response).has('upgrade-insecure-requests')).toBe(false);
  });

  it('a shared-list page (/lists/{key}) carries it too', async () => {
    const response = await get('/lists/AbCdEf123456');
    expectStrictHeaders(response);
  });

  it('static files carry it too', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expectStrictHeaders(robots);
    // The built app is there once `npm run build` ran (the browser suite builds it).
    if (existsSync(path.join(WEB_DIST, 'favicon.svg'))) {
      const favicon = await get('/favicon.svg');
      expect(favicon.statusCode).toBe(200);
      expectStrictHeaders(favicon);
    }
  });

  it('API answers are nosniff JSON with the same policy', async () => {
    const response = await get('/api/health');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expectStrictHeaders(response);
    const missing = await get('/api/nothing-here/');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API docs page loads under its own policy (inline styles only)', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = policy(page);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // What the page loads is served from here, so 'self' covers it.
    for (const src of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(src[1]).toMatch(/^\.?\/?[\w./-]+$/);
    }
    expect((await get('/api/docs/json')).statusCode).toBe(200);
  });
});

describe('robots.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is plain text that allows shared lists and keeps crawlers out of the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.trim().split('\n');
    expect(lines).toEqual(['User-agent: *', 'Allow: /lists/', 'Disallow: /api/']);
    expect(response.body).not.toContain('<html');
  });
});

describe('what widens or tightens the policy', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const page = async (env: Record<string, string>) => {
    t = await createTestApp(env);
    return t.app.inject({ method: 'GET', url: '/spots/' });
  };

  it('an https PUBLIC_URL adds HSTS and upgrade-insecure-requests', async () => {
    const response = await page({ PUBLIC_URL: 'https://spots.example.com' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(policy(response).get('upgrade-insecure-requests')).toEqual([]);
    expect(policy(response).get('script-src')).toEqual(["'self'"]);
  });

  it("MAP_STYLE_URL adds the style's origin to connect-src, nothing else", async () => {
    const response = await page({ MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty' });
    const csp = policy(response);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tiles.example.org']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it("Google's hosts come in only with a browser key, not with the server key alone", async () => {
    const serverOnly = policy(await page({ GOOGLE_MAPS_API_KEY: 'server-key-0123456789' }));
    expect(serverOnly.get('script-src')).toEqual(["'self'"]);
    expect([...serverOnly.values()].flat().join(' ')).not.toMatch(/google/);
    await t?.close();

    const csp = policy(
      await page({
        GOOGLE_MAPS_API_KEY: 'server-key-0123456789',
        GOOGLE_MAPS_BROWSER_KEY: 'browser-key-0123456789',
      }),
    );
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']),
    );
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(['https://*.gstatic.com']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://*.googleapis.com']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
