import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, appPostgres, PG_ADMIN_URL } from '../../test/postgres.ts';
import type { DatabaseHandle } from './connection.ts';

/*
 * README, "Deploying on PostgreSQL": an app server on the database's own machine connects
 * over PostgreSQL's Unix socket, a DATABASE_URL whose host is the socket's directory,
 * percent-encoded (decision 023, session 36: the mixed load served 13–29 % more than over
 * 127.0.0.1 on two vCPUs). Against the test server's own socket.
 */
let handle: DatabaseHandle | undefined;
afterAll(() => handle?.close());

/** The test server's socket directory on this machine (Debian's: /var/run/postgresql). */
async function socketDirectory(): Promise<string | undefined> {
  const [row] = await adminQuery<{ directories: string }>(
    "select current_setting('unix_socket_directories') as directories",
  );
  return row!.directories
    .split(',')
    .map((directory) => directory.trim())
    .find((directory) => directory && existsSync(directory));
}

describe('a DATABASE_URL naming PostgreSQL’s Unix socket', () => {
  it('connects the app over the socket, not TCP', async () => {
    const directory = await socketDirectory();
    expect(directory, 'the test server has a socket on this machine').toBeDefined();
    const url = new URL(PG_ADMIN_URL);
    url.host = encodeURIComponent(directory!);
    expect(url.toString()).toMatch(/^postgres(ql)?:\/\/[^/]*@?%2F[^/]+\//);

    handle = appPostgres({ url: url.toString() });
    const { rows } = await sql<{ address: string | null; one: number }>`
      select inet_server_addr() as address, 1 as one`.execute(handle.db);
    // No server address: the session came in over a Unix socket.
    expect(rows).toEqual([{ address: null, one: 1 }]);
  });
});
