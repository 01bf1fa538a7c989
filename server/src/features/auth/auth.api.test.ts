import { describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@spotbook/contract';
import { clock } from '../../lib/clock.ts';
import { signedInUser, TestClient, uniqueName, useTestApp } from '../../../test/helper.ts';

const { t } = useTestApp({ env: { PUBLIC_URL: 'http://spotbook.test' } });

const register = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/user/register/', body);

describe('session and CSRF', () => {
  it('sets a readable csrftoken cookie and reports no user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/session/' });
    expect(response.json()).toEqual({ user: null });
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf?.value).toMatch(/^[\w-]{20,}$/);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('refuses unsafe calls without a matching X-CSRFToken header', async () => {
    const noCookie = await t.app.inject({ method: 'POST', url: '/api/user/login/', payload: {} });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json().detail).toMatch(/CSRF/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/',
      payload: {},
      headers: { cookie: 'csrftoken=abc', 'x-csrftoken': 'abd' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe('CSRF Failed: CSRF token missing or incorrect.');
  });

  it('refuses a write from another site even with the token', async () => {
    const client = new TestClient(t.app);
    const response = await client.request(
      'POST',
      '/api/user/logout/',
      {},
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/Origin/);
    const ours = await client.request(
      'POST',
      '/api/user/logout/',
      {},
      { origin: 'http://spotbook.test' },
    );
    expect(ours.statusCode).toBe(200);
  });
});

describe('register', () => {
  it('answers every rule of spec §5 with its exact message, per field', async () => {
    const response = await register(new TestClient(t.app), {
      username: 'a',
      email: 'nope',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: [AUTH_MESSAGES.usernameTooShort],
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordTooShort],
    });
    const long = await register(new TestClient(t.app), {
      username: 'u'.repeat(40),
      email: `${'e'.repeat(250)}@x.io`,
      password: 'p'.repeat(255),
    });
    expect(long.json().errors).toEqual({
      username: [AUTH_MESSAGES.usernameTooLong],
      email: [AUTH_MESSAGES.emailTooLong],
      password: [AUTH_MESSAGES.passwordTooLong],
    });
  });

  it('accepts the limits exactly and refuses a dash in a username', async () => {
    const ok = await register(new TestClient(t.app), {
      username: `a${uniqueName()}`.padEnd(39, 'x').slice(0, 39),
      email: `${uniqueName()}@example.test`,
      password: 'p'.repeat(254),
    });
    expect(ok.statusCode).toBe(201);
    const dash = await register(new TestClient(t.app), {
      username: 'ann-marie',
      email: 'am@x.io',
      password: 'password1',
    });
    expect(dash.json().errors.username).toEqual([AUTH_MESSAGES.usernameCharacters]);
  });

  it('signs the new user in and keeps names and e-mails unique case-insensitively', async () => {
    const user = await signedInUser(t.app);
    expect((await user.client.get('/api/user/session/')).json().user).toMatchObject({
      username: user.username,
    });
    const again = await register(new TestClient(t.app), {
      username: user.username.toUpperCase(),
      email: user.email.toUpperCase(),
      password: 'whatever123',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({
      username: [AUTH_MESSAGES.usernameTaken],
      email: [AUTH_MESSAGES.emailTaken],
    });
  });
});

describe('login and logout', () => {
  it('signs in by username or e-mail in any case and rotates the session id', async () => {
    const user = await signedInUser(t.app);
    const client = new TestClient(t.app);
    const byEmail = await client.post('/api/user/login/', {
      username_or_email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
    });
    const first = client.cookies.get('sessionid');
    await client.post('/api/user/login/', {
      username_or_email: user.username.toUpperCase(),
      password: user.password,
    });
    expect(client.cookies.get('sessionid')).not.toBe(first);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/user/session/',
      headers: { cookie: `sessionid=${first}` },
    });
    expect(stale.json().user).toBeNull();
  });

  it('says why a sign-in failed', async () => {
    const user = await signedInUser(t.app);
    const response = await new TestClient(t.app).post('/api/user/login/', {
      username_or_email: user.username,
      password: 'wrong password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('deletes the session server-side at logout', async () => {
    const user = await signedInUser(t.app);
    const cookie = `sessionid=${user.client.cookies.get('sessionid')}`;
    await user.client.post('/api/user/logout/');
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user/session/',
      headers: { cookie },
    });
    expect(replay.json().user).toBeNull();
  });

  it('refuses repeated failures for one account with 429 for a while', async () => {
    const user = await signedInUser(t.app);
    const client = new TestClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await client.post('/api/user/login/', {
        username_or_email: user.username,
        password: `bad${i}xxxx`,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const right = await client.post('/api/user/login/', {
      username_or_email: user.username,
      password: user.password,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().detail).toMatch(/Too many failed sign-in attempts/);
    const later = vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 16 * 60_000);
    const after = await client.post('/api/user/login/', {
      username_or_email: user.username,
      password: user.password,
    });
    later.mockRestore();
    expect(after.statusCode).toBe(200);
  }, 30_000);
});

describe('password reset', () => {
  const linkIn = (text: string) =>
    text.match(/http:\/\/spotbook\.test\/reset-password\/([^/\s]+)\/([^/\s]+)/);
  const waitForMail = async (to: string) => {
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === to)).toBe(true));
    return t.mails.filter((m) => m.to === to).at(-1)!;
  };

  it('answers the same whether or not the address exists', async () => {
    const client = new TestClient(t.app);
    const unknown = await client.post('/api/user/request-password-reset/', {
      email: 'nobody@example.test',
    });
    const user = await signedInUser(t.app);
    const known = await client.post('/api/user/request-password-reset/', { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('mails a one-time link that sets a new password and ends other sessions', async () => {
    const user = await signedInUser(t.app);
    await new TestClient(t.app).post('/api/user/request-password-reset/', { email: user.email });
    const mail = await waitForMail(user.email);
    expect(mail.html).toContain('/reset-password/');
    const [, uid, token] = linkIn(mail.text)!;
    const visitor = new TestClient(t.app);
    const url = `/api/user/password-reset-confirm/${uid}/${token}/`;
    const done = await visitor.post(url, { new_password: 'brand new password' });
    expect(done.statusCode).toBe(200);
    expect((await user.client.get('/api/user/session/')).json().user).toBeNull();
    const twice = await visitor.post(url, { new_password: 'another password' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().detail).toBe(AUTH_MESSAGES.resetLinkInvalid);
    const login = await visitor.post('/api/user/login/', {
      username_or_email: user.email,
      password: 'brand new password',
    });
    expect(login.statusCode).toBe(200);
  });

  it('validates the new password with the sign-up rules', async () => {
    const response = await new TestClient(t.app).post('/api/user/password-reset-confirm/MQ/x/', {
      new_password: 'short',
    });
    expect(response.json().errors).toEqual({ new_password: [AUTH_MESSAGES.passwordTooShort] });
  });

  it('expires links after an hour and kills them when the password changes', async () => {
    const user = await signedInUser(t.app);
    const client = new TestClient(t.app);
    await client.post('/api/user/request-password-reset/', { email: user.email });
    const [, uid1, token1] = linkIn((await waitForMail(user.email)).text)!;
    const later = vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 61 * 60_000);
    const expired = await client.post(`/api/user/password-reset-confirm/${uid1}/${token1}/`, {
      new_password: 'new password 1',
    });
    later.mockRestore();
    expect(expired.statusCode).toBe(400);

    t.mails.length = 0;
    await client.post('/api/user/request-password-reset/', { email: user.email });
    await client.post('/api/user/request-password-reset/', { email: user.email });
    await vi.waitFor(() => expect(t.mails.filter((m) => m.to === user.email)).toHaveLength(2));
    const [a, b] = t.mails.filter((m) => m.to === user.email).map((m) => linkIn(m.text)!);
    expect(
      (
        await client.post(`/api/user/password-reset-confirm/${a![1]}/${a![2]}/`, {
          new_password: 'new password 2',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await client.post(`/api/user/password-reset-confirm/${b![1]}/${b![2]}/`, {
          new_password: 'new password 3',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses repeated reset requests with 429', async () => {
    const client = new TestClient(t.app);
    const email = `${uniqueName()}@example.test`;
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await client.post('/api/user/request-password-reset/', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
