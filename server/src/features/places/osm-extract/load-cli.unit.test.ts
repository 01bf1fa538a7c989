import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataDirWithIndex,
  FIXTURES,
  LONDON_NEW_YORK_ROME_OSM,
  toPbf,
  TWO_CITIES_OSM,
} from './test-extracts.ts';

/** `npm run places:load -- …` is this command (package.json). */
const CLI = fileURLToPath(new URL('./load-cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

let dataDir: string;
let indexFile: string;
let pbf: string;

async function placesLoad(...files: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', CLI, '--', ...files],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
const fileHash = () => createHash('sha256').update(readFileSync(indexFile)).digest('hex');

beforeAll(() => {
  ({ dataDir, indexFile } = dataDirWithIndex());
  pbf = toPbf(TWO_CITIES_OSM, dataDir);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run places:load', () => {
  it('loads several files, PBF and XML, and says what each gave', async () => {
    const { code, stdout } = await placesLoad(pbf, LONDON_NEW_YORK_ROME_OSM);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^two-cities\.osm\.pbf \(1 of 2, [\d.]+ MB\)$/m);
    expect(stdout).toMatch(/^london-new-york-rome\.osm \(2 of 2, [\d.]+ MB\)$/m);
    expect(stdout).toMatch(
      /^two-cities\.osm\.pbf: 14 places from 33 elements in [\d.]+ s \(3 passes\)$/m,
    );
    expect(stdout).toMatch(
      /^london-new-york-rome\.osm: 6 places from 10 elements in [\d.]+ s \(2 passes\)$/m,
    );
    expect(stdout).toContain(`→ ${indexFile} (a running server switches to it at its next search)`);
    // The index stays one file: no copy, staging database or journal left beside it.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('places-index'))).toEqual([
      path.basename(indexFile),
    ]);
  });

  it('stops with one line and exit status 1 on a bad file, the index unchanged', async () => {
    const truncated = path.join(dataDir, 'cut.osm.pbf');
    copyFileSync(pbf, truncated);
    truncateSync(truncated, Math.floor(readFileSync(pbf).length / 2));
    const before = fileHash();
    const cases: [string, RegExp][] = [
      [truncated, /^places:load: cut\.osm\.pbf: the PBF file ends in the middle of a block/],
      [
        path.join(FIXTURES, 'not-openstreetmap.xml'),
        /^places:load: not-openstreetmap\.xml: the XML is not OpenStreetMap data \(root <gpx>\)/,
      ],
      [
        path.join(FIXTURES, 'no-points-of-interest.osm'),
        /^places:load: no-points-of-interest\.osm: no named points of interest/,
      ],
    ];
    for (const [file, message] of cases) {
      const { code, stderr } = await placesLoad(file);
      expect(code, file).toBe(1);
      expect(stderr.trim().split('\n'), file).toHaveLength(1);
      expect(stderr.trim(), file).toMatch(message);
      expect(stderr.trim(), file).toMatch(/\. The places index is unchanged\.$/);
      expect(fileHash(), file).toBe(before);
    }
  });

  it('explains its usage when given no file', async () => {
    const { code, stderr } = await placesLoad();
    expect(code).toBe(2);
    expect(stderr).toContain('usage: npm run places:load -- path/to/region.osm.pbf');
  });
});
