import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.ts';
import { startApp, type RunningApp } from './support/app-server.ts';

/**
 * The served app (`npm run serve`'s flags: 16 MB semi-spaces by default) grows V8's young
 * generation under load and gives it back once it has been idle for ~10 s
 * (server/src/lib/idle-heap-shrink.ts, decision 009). Its debug log line says so, with the
 * sizes V8 reports.
 */
describe('a server left idle after a load', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ LOG_LEVEL: 'debug' });
  });
  afterAll(() => app?.stop());

  it('hands its young generation back', async () => {
    const api = new ApiClient(app.url);
    await api.register({ username: 'idle', email: 'idle@example.test', password: 'idle password' });
    const until = Date.now() + 5_000;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until) await api.get('/api/places/search/?query=par&kind=city');
      }),
    );
    const shrunk = /idle: young generation ([\d.]+) MB, ([\d.]+) MB after a scavenge/;
    await expect
      .poll(() => shrunk.test(app.output()), { timeout: 30_000, interval: 500 })
      .toBe(true);
    const [, before, after] = shrunk.exec(app.output()) ?? [];
    expect(Number(before)).toBeGreaterThanOrEqual(8);
    expect(Number(after)).toBeLessThanOrEqual(2);
  });
});
