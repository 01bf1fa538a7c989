import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@spotbook/contract';
import {
  signedInUser,
  TestClient,
  uniqueName,
  type TestUser,
  useTestApp,
} from '../../../test/helper.ts';
import { deviceCookieName } from './device-cookies.ts';
import { RULES } from './throttling.ts';

/** Contract §6 and docs/decisions/011-brute-force.md: device cookies, atomic counting. */
const { t } = useTestApp({ env: { PUBLIC_URL: 'https://spotbook.test' } });

const login = (client: TestClient, usernameOrEmail: string, password: string) =>
  client.post('/api/user/login/', { username_or_email: usernameOrEmail, password });

/** A browser that signed in to the account once: it holds the account's device cookie. */
async function knownDevice(user: TestUser, address?: string) {
  const client = new TestClient(t.app, address);
  expect((await login(client, user.username, user.password)).statusCode).toBe(200);
  expect(client.cookies.has(deviceCookieName(user.id))).toBe(true);
  return client;
}

/** Wrong guesses from fresh browsers (no device cookie) until unknown clients are locked out. */
async function lockOutUnknownClients(user: TestUser) {
  const statuses: number[] = [];
  for (let i = 0; i <= RULES.loginUnknownClients.limit; i++)
    statuses.push((await login(new TestClient(t.app), user.email, `guess ${i}`)).statusCode);
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
}

describe('device cookies', () => {
  it('are signed, HttpOnly, Secure on https and long-lived, set at sign-in', async () => {
    const user = await signedInUser(t.app);
    const response = await login(new TestClient(t.app), user.username, user.password);
    const cookie = response.cookies.find((c) => c.name === deviceCookieName(user.id));
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, path: '/api/user/' });
    expect(cookie!.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    // value:signature, the value naming the account and a random nonce
    expect(cookie!.value).toMatch(new RegExp(`^${user.id}:[\\w-]{22}\\.[\\w+/=-]+$`));
  });

  it("let the owner's known device sign in while an attacker has locked out unknown clients", async () => {
    const owner = await signedInUser(t.app);
    const device = await knownDevice(owner);
    await lockOutUnknownClients(owner);

    const known = await login(device, owner.username, owner.password);
    expect(known.statusCode).toBe(200);
    const unknown = await login(new TestClient(t.app), owner.username, owner.password);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().detail).toMatch(/^Too many failed sign-in attempts\. .* 15 minutes\.$/);
  }, 30_000);

  it('count their own failures only, and lock out just that cookie', async () => {
    const owner = await signedInUser(t.app);
    const [device, otherDevice] = [await knownDevice(owner), await knownDevice(owner)];
    const statuses: number[] = [];
    for (let i = 0; i <= RULES.loginDevice.limit; i++)
      statuses.push((await login(device, owner.username, `wrong ${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(device, owner.username, owner.password)).statusCode).toBe(429);

    // Another device of the owner and unknown clients are untouched by that cookie's failures.
    expect((await login(otherDevice, owner.username, owner.password)).statusCode).toBe(200);
    const stranger = new TestClient(t.app);
    expect((await login(stranger, owner.username, owner.password)).statusCode).toBe(200);
  }, 30_000);

  it('forged, unsigned or borrowed from another account, count as an unknown client', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const realCookie = (await knownDevice(owner)).cookies.get(deviceCookieName(owner.id))!;
    const othersCookie = (await knownDevice(other)).cookies.get(deviceCookieName(other.id))!;
    await lockOutUnknownClients(owner);

    const nonce = realCookie.split(':')[1]!.split('.')[0]!;
    const forgeries = {
      unsigned: `${owner.id}:${nonce}`,
      badSignature: `${owner.id}:${nonce}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      otherAccount: othersCookie,
    };
    for (const value of Object.values(forgeries)) {
      const client = new TestClient(t.app);
      client.cookies.set(deviceCookieName(owner.id), value);
      expect((await login(client, owner.username, owner.password)).statusCode).toBe(429);
    }
    const genuine = new TestClient(t.app);
    genuine.cookies.set(deviceCookieName(owner.id), realCookie);
    expect((await login(genuine, owner.username, owner.password)).statusCode).toBe(200);
  }, 30_000);
});

describe('atomic counting', () => {
  it('gives 40 parallel wrong guesses at most 5 verdicts', async () => {
    const owner = await signedInUser(t.app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(new TestClient(t.app), owner.email, `par ${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    const verdicts = statuses.filter((s) => s !== 429);
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.length).toBeLessThanOrEqual(RULES.loginUnknownClients.limit);
    expect(new Set(verdicts)).toEqual(new Set([400]));
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - verdicts.length);
    for (const r of responses.filter((r) => r.statusCode === 400))
      expect(r.json().detail).toBe(AUTH_MESSAGES.invalidCredentials);
  }, 30_000);
});

describe('per-address limit', () => {
  it('stops an address after 20 failures, but never a known device of the account', async () => {
    const shared = '198.51.100.7';
    const colleague = await signedInUser(t.app);
    const device = await knownDevice(colleague, shared);
    // One guess per made-up account: no account's own limit is reached, only the address's.
    const statuses: number[] = [];
    for (let i = 0; i <= RULES.loginPerAddress.limit; i++)
      statuses.push(
        (await login(new TestClient(t.app, shared), uniqueName('nobody'), 'guess')).statusCode,
      );
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    expect((await login(device, colleague.username, colleague.password)).statusCode).toBe(200);
    const unknownHere = new TestClient(t.app, shared);
    expect((await login(unknownHere, colleague.username, colleague.password)).statusCode).toBe(429);
    const unknownElsewhere = new TestClient(t.app);
    expect((await login(unknownElsewhere, colleague.email, colleague.password)).statusCode).toBe(
      200,
    );
  }, 30_000);

  it('does not spend the address budget on right passwords', async () => {
    const shared = '198.51.100.8';
    const user = await signedInUser(t.app);
    for (let i = 0; i <= RULES.loginPerAddress.limit; i++) {
      const client = new TestClient(t.app, shared);
      expect((await login(client, user.username, user.password)).statusCode).toBe(200);
    }
  }, 30_000);
});

describe('registration limit', () => {
  it('refuses more than 10 sign-ups an hour from one address with 429', async () => {
    const address = '203.0.113.9';
    const signUp = (client: TestClient) => {
      const username = uniqueName('reg');
      return client.post('/api/user/register/', {
        username,
        email: `${username}@example.test`,
        password: 'a long password',
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < RULES.registerPerAddress.limit; i++)
      statuses.push((await signUp(new TestClient(t.app, address))).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await signUp(new TestClient(t.app, address));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^Too many sign-ups from this address\. Please try again in \d+ minutes?\.$/,
    );
    expect((await signUp(new TestClient(t.app))).statusCode).toBe(201);
  }, 60_000);
});
