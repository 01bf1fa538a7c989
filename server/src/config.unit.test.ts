import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const fails = (env: Record<string, string>) => () => loadConfig(env);

describe('loadConfig', () => {
  it('gives the contract defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      PLACES_PROVIDER: 'embedded',
      CORS_ORIGINS: [],
      EXAMPLE_LISTS: true,
      secureCookies: false,
      TRUST_PROXY: false,
      DATABASE_POOL_SIZE: 10,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.GOOGLE_MAPS_BROWSER_KEY).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads every variable of the contract table', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/spotbook',
      DATABASE_URL: 'postgres://u:p@db:5432/spotbook',
      PUBLIC_URL: 'https://spots.example.com/',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Spots <no-reply@example.com>',
      CONTACT_EMAIL: 'hi@example.com',
      SESSION_SECRET: 'x'.repeat(32),
      GOOGLE_MAPS_API_KEY: 'AIzaSyA-test-key-123',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      GOOGLE_MAPS_BROWSER_KEY: 'AIzaSyB-browser-key-456',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'https://spots.example.com',
      secureCookies: true,
      PLACES_PROVIDER: 'google',
      CORS_ORIGINS: ['https://a.example.com', 'https://b.example.com'],
      GOOGLE_MAPS_BROWSER_KEY: 'AIzaSyB-browser-key-456',
      TRUST_PROXY: 2,
    });
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, 0 as none', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 172.16.0.0/12,::1,loopback' }).TRUST_PROXY).toEqual(
      ['10.0.0.2', '172.16.0.0/12', '::1', 'loopback'],
    );
  });

  it('reads DATABASE_POOL_SIZE as the connections each server process keeps', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    expect(loadConfig({ DATABASE_POOL_SIZE: '1' }).DATABASE_POOL_SIZE).toBe(1);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000 });
  });

  it('refuses bad values with one readable line naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
      [{ PORT: '70000' }, /PORT/],
      [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
      [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
      [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL/],
      [{ CONTACT_EMAIL: 'nope' }, /CONTACT_EMAIL/],
      [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
      [{ CORS_ORIGINS: 'not a url' }, /CORS_ORIGINS/],
      [{ PLACES_PROVIDER: 'bing' }, /PLACES_PROVIDER/],
      [{ PLACES_PROVIDER: 'google' }, /needs GOOGLE_MAPS_API_KEY/],
      [{ EXAMPLE_LISTS: 'maybe' }, /EXAMPLE_LISTS/],
      [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must be a hop count/],
      [{ TRUST_PROXY: '-1' }, /TRUST_PROXY must be a hop count/],
      [{ TRUST_PROXY: '10.0.0.300' }, /TRUST_PROXY must be a hop count/],
      [{ TRUST_PROXY: '10.0.0.1,proxy.example.com' }, /TRUST_PROXY must be a hop count/],
      [{ GOOGLE_MAPS_BROWSER_KEY: 'short' }, /GOOGLE_MAPS_BROWSER_KEY/],
      [{ DATABASE_POOL_SIZE: '0' }, /^Invalid configuration: DATABASE_POOL_SIZE /],
      [{ DATABASE_POOL_SIZE: 'ten' }, /DATABASE_POOL_SIZE/],
      [{ DATABASE_POOL_SIZE: '2.5' }, /DATABASE_POOL_SIZE/],
      [{ DATABASE_POOL_SIZE: '1001' }, /DATABASE_POOL_SIZE/],
    ];
    for (const [env, message] of cases) {
      expect(fails(env)).toThrow(ConfigError);
      expect(fails(env)).toThrow(message);
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });

  it('stops a real server start with that one line and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      env: { PATH: process.env.PATH, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: PORT /),
    ]);
  });
});
