import { describe, expect, it, vi } from 'vitest';
import { signedInUser, TestClient, useTestApp } from '../../../test/helper.ts';

/** Contract §6: reset tokens are single-use under races and never reach the logs. */
const logLines: string[] = [];
const { t } = useTestApp({
  env: { PUBLIC_URL: 'http://spotbook.test' },
  logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
});

async function mailedLink(email: string) {
  await new TestClient(t.app).post('/api/user/request-password-reset/', { email });
  await vi.waitFor(() => expect(t.mails.some((m) => m.to === email)).toBe(true));
  const mail = t.mails.filter((m) => m.to === email).at(-1)!;
  const [, uid, token] = mail.text.match(/\/reset-password\/([^/\s]+)\/([^/\s]+)/)!;
  return { uid: uid!, token: token! };
}

describe('password reset confirm', () => {
  it('lets exactly one of two simultaneous confirms use a link', async () => {
    const user = await signedInUser(t.app);
    const { uid, token } = await mailedLink(user.email);
    const url = `/api/user/password-reset-confirm/${uid}/${token}/`;
    const [a, b] = [new TestClient(t.app), new TestClient(t.app)];
    const responses = await Promise.all([
      a.post(url, { new_password: 'first new password' }),
      b.post(url, { new_password: 'second new password' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('logs', () => {
  it('log every reset request without its token, and no cookie', async () => {
    const user = await signedInUser(t.app);
    const { uid, token } = await mailedLink(user.email);
    logLines.length = 0;
    const visitor = new TestClient(t.app);
    await visitor.get(`/reset-password/${uid}/${token}`);
    const done = await visitor.post(`/api/user/password-reset-confirm/${uid}/${token}/`, {
      new_password: 'a brand new password',
    });
    expect(done.statusCode).toBe(200);
    const signIn = await visitor.post('/api/user/login/', {
      username_or_email: user.username,
      password: 'a brand new password',
    });
    expect(signIn.statusCode).toBe(200);
    await visitor.get('/api/user/session/');
    t.app.log.info({ headers: { cookie: `sessionid=${visitor.cookies.get('sessionid')}` } }, 'x');
    t.app.log.warn(`seen /api/user/password-reset-confirm/${uid}/${token}/ twice`);

    const log = logLines.join('');
    // The requests are logged, with the uid but with the token cut out.
    expect(log).toContain(`"url":"/reset-password/${uid}/[redacted]"`);
    expect(log).toContain(`"url":"/api/user/password-reset-confirm/${uid}/[redacted]/"`);
    expect(log).toContain(`seen /api/user/password-reset-confirm/${uid}/[redacted]/ twice`);
    expect(log).toContain('"cookie":"[redacted]"');
    expect(log).not.toContain(token);
    for (const secret of visitor.cookies.values()) expect(log).not.toContain(secret);
  });
});
