import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase, runDatabaseName } from '../../server/test/postgres.ts';
import { ensureSharedPlacesIndex } from '../../server/test/places-index.ts';
import { CHROMIUM } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePostgresUrl: string;
  }
}

/** Checks what the browser scenarios need and makes this run's PostgreSQL database. */
export default async function setup(project: TestProject) {
  if (!existsSync('web/dist/index.html'))
    throw new Error('web/dist is missing: run `npm run build` first');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  ensureSharedPlacesIndex();
  const name = runDatabaseName('spotbook_e2e');
  project.provide('e2ePostgresUrl', await createDatabase(name));
  return () => dropDatabase(name);
}
