import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, freshSchemaUrl } from '../server/test/postgres.ts';
import { ApiClient } from './support/api-client.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { seedSpots } from './support/spots-seed.ts';

/** Ends every PostgreSQL connection named `application`, as a restart or a failover does. */
async function endConnections(adminUrl: string, application: string): Promise<number> {
  const rows = await adminQuery<{ ended: boolean }>(
    'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
    [application],
    adminUrl,
  );
  return rows.filter((row) => row.ended).length;
}

/**
 * PostgreSQL ending the server's connections (a restart, a failover, a pooler's restart,
 * pg_terminate_backend) while they sit idle in its pool. The single process of WORKERS=1
 * must live on and answer from new connections: node-postgres reports such a loss as an
 * 'error' event, which once ended the whole server.
 */
describe('the server on PostgreSQL when its idle connections are ended', () => {
  const application = `spotbook_lost_${randomBytes(4).toString('hex')}`;
  let app: RunningApp;
  let adminUrl: string;

  beforeAll(async () => {
    adminUrl = inject('e2ePostgresUrl');
    const url = new URL(await freshSchemaUrl(adminUrl));
    url.searchParams.set('application_name', application);
    app = await startApp({ DATABASE_URL: url.toString(), WORKERS: '1', EXAMPLE_LISTS: '0' });
  });
  afterAll(() => app?.stop());

  it('keeps answering, from new connections, and says what happened', async () => {
    const api = new ApiClient(app.url);
    await api.register({
      username: 'lost_connections',
      email: 'lost.connections@example.test',
      password: 'lost connections password',
    });
    const spots = await seedSpots(api, 3);

    expect(await endConnections(adminUrl, application)).toBeGreaterThan(0);
    await expect
      .poll(() => app.output().includes('an idle PostgreSQL connection was lost'))
      .toBe(true);

    const gallery = await api.get<{ count: number }>('/api/reviews/review/?limit=1');
    expect(gallery.count).toBe(spots.length);
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
