import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBasemapIn, type PrebuiltBasemap } from '../../server/test/basemap.ts';
import { createDatabase, dropDatabase, runDatabaseName } from '../../server/test/postgres.ts';
import { buildServer } from '../../server/scripts/build.ts';
import { ensureSharedPlacesIndex } from '../../server/test/places-index.ts';
import { CHROMIUM } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePostgresUrl: string;
    e2eBasemap: PrebuiltBasemap;
  }
}

/**
 * Checks what the browser scenarios need, makes this run's PostgreSQL database and
 * builds the offline basemap once for the run: each app server gets a copy in its
 * DATA_DIR instead of cutting the tiles again on its first map request.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('web/dist/index.html'))
    throw new Error('web/dist is missing: run `npm run build` first');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  // The server the tests start is server/dist (as `npm run serve` runs it): compiled from
  // the sources as they are now, in a fraction of a second, never a stale build.
  await buildServer();
  ensureSharedPlacesIndex();
  const basemapDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-e2e-basemap-'));
  const name = runDatabaseName('spotbook_e2e');
  project.provide('e2ePostgresUrl', await createDatabase(name, { fastCommits: true }));
  const teardown = async () => {
    rmSync(basemapDir, { recursive: true, force: true });
    await dropDatabase(name);
  };
  try {
    project.provide('e2eBasemap', { dataDir: basemapDir, file: await buildBasemapIn(basemapDir) });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
