import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBasemapIn, type PrebuiltBasemap } from './basemap.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBasemap: PrebuiltBasemap;
  }
}

/**
 * The offline basemap built once for this run of the API suite: every test app's
 * DATA_DIR starts with a copy (test/helper.ts), so the files that ask for tiles or map
 * pictures do not each cut the tiles again. basemap.unit.test.ts still builds its own.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-api-basemap-'));
  try {
    project.provide('apiBasemap', { dataDir, file: await buildBasemapIn(dataDir) });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return () => rmSync(dataDir, { recursive: true, force: true });
}
