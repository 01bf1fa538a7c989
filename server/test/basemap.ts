import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createBasemap } from '../src/features/basemap/basemap.ts';
import { TILES_FILE } from '../src/features/basemap/build-files.ts';

/** An offline basemap built once for a run: the DATA_DIR it was built in, the file there. */
export interface PrebuiltBasemap {
  dataDir: string;
  file: string;
}

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

/**
 * Copies a prebuilt basemap into another DATA_DIR, at the same place: a server there
 * finds it current and cuts no tiles on its first map request.
 */
export function copyBasemap(basemap: PrebuiltBasemap, toDataDir: string): void {
  const to = path.join(toDataDir, basemap.file);
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(path.join(basemap.dataDir, basemap.file), to);
}
