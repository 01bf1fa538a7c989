import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createBasemap } from '../src/features/basemap/basemap.ts';
import { TILES_FILE } from '../src/features/basemap/build-files.ts';

/**
 * The offline basemap built in `dataDir` the way a server builds it on its first map
 * request (DATA_DIR/basemap/v{version}/, in a child process). Answers the file's path
 * relative to `dataDir`, which a server whose DATA_DIR holds it finds current: no build.
 */
export async function buildBasemapIn(dataDir: string): Promise<string> {
  const basemap = createBasemap(dataDir);
  await basemap.ready();
  await basemap.close();
  const versions = readdirSync(path.join(dataDir, 'basemap'));
  if (versions.length !== 1) throw new Error(`expected one basemap version: ${versions.join()}`);
  return path.join('basemap', versions[0]!, TILES_FILE);
}

/** Copies a basemap built by buildBasemapIn into another DATA_DIR, at the same place. */
export function copyBasemap(fromDataDir: string, file: string, toDataDir: string): void {
  const to = path.join(toDataDir, file);
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(path.join(fromDataDir, file), to);
}
