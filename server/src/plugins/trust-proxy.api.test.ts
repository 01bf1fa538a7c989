import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/helper.ts';

/**
 * The client address every per-address rule uses (request.ip). The real app, built from
 * TRUST_PROXY, with one extra test-only route that reports what the request says.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const t = await createTestApp(env, {
    beforeReady: (app) =>
      app.get('/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol })),
  });
  cleanups.push(() => t.close());
  return t.app;
}

const client = async (
  app: FastifyInstance,
  headers: Record<string, string>,
  remoteAddress = '127.0.0.1',
) => (await app.inject({ method: 'GET', url: '/test/client', headers, remoteAddress })).json();

const FORWARDED = { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' };

describe('TRUST_PROXY', () => {
  it('unset: the socket is the client, whatever X-Forwarded-For says', async () => {
    const app = await appWith({});
    expect(await client(app, FORWARDED)).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    // Rotating the header gets a client nowhere: it is the same address every time.
    for (const forwarded of ['5.6.7.8', '9.9.9.9, 8.8.8.8']) {
      expect((await client(app, { 'x-forwarded-for': forwarded })).ip).toBe('127.0.0.1');
    }
  });

  it('a hop count: the address the trusted proxy saw is the client', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    expect(await client(app, FORWARDED)).toEqual({ ip: '1.2.3.4', protocol: 'https' });
    // What the client itself put in front of the proxy's entry is not trusted.
    expect((await client(app, { 'x-forwarded-for': '6.6.6.6, 1.2.3.4' })).ip).toBe('1.2.3.4');
  });

  it('proxy addresses: only a request from a listed proxy may name the client', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16' });
    expect((await client(app, FORWARDED, '10.0.0.2')).ip).toBe('1.2.3.4');
    expect((await client(app, FORWARDED, '192.168.4.5')).ip).toBe('1.2.3.4');
    expect(await client(app, FORWARDED, '10.0.0.3')).toEqual({ ip: '10.0.0.3', protocol: 'http' });
  });
});
