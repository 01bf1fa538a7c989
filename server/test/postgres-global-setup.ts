import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase, runDatabaseName } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** A fresh PostgreSQL database for this run of the API suite, dropped at the end. */
export default async function setup(project: TestProject) {
  const name = runDatabaseName('spotbook_api');
  const url = await createDatabase(name, { fastCommits: true }).catch((error: Error) => {
    throw new Error(
      `The PostgreSQL API tests need a server at TEST_POSTGRES_URL or 127.0.0.1:5432 (${error.message}). ` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  });
  project.provide('postgresUrl', url);
  return () => dropDatabase(name);
}
