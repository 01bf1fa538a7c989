import { spawn } from 'node:child_process';
import { access, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildBasemapFiles, dataFileName } from './build-files.ts';
import { DATA_NAMES, type DataName } from './style.ts';

const CLI = fileURLToPath(new URL('./build-cli.ts', import.meta.url));
const BUILD_TIMEOUT_MS = 2 * 60_000;

/** Runs the build in a child process, so the server's event loop and heap stay out of it. */
function buildInChild(dir: string): Promise<void> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, CLI, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: BUILD_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`basemap build exited with ${code}: ${stderr.trim().slice(-500)}`)),
    );
  });
}

async function allPresent(dir: string): Promise<boolean> {
  try {
    await Promise.all(
      DATA_NAMES.flatMap((n) =>
        [false, true].map((gz) => access(path.join(dir, dataFileName(n, gz)))),
      ),
    );
    return true;
  } catch {
    return false;
  }
}

/** Drops the files of other versions; a failure here is harmless. */
async function removeOtherVersions(root: string, keep: string) {
  const entries = await readdir(root).catch(() => []);
  await Promise.all(
    entries
      .filter((e) => e !== keep)
      .map((e) => rm(path.join(root, e), { recursive: true, force: true })),
  );
}

export type BasemapData = Record<DataName, { body: Buffer; gzipped: Buffer }>;

/**
 * The derived GeoJSON, built once per data version into DATA_DIR/basemap/v{version}/
 * and read back as bytes: parsing TopoJSON and the cities file takes about a second
 * and leaves ~35 MB of resident memory behind, which a child process gives back to the
 * system when it exits. Falls back to building in-process if the child cannot start.
 */
export async function loadBasemapData(dataDir: string, version: string): Promise<BasemapData> {
  const root = path.join(dataDir, 'basemap');
  const dir = path.join(root, `v${version}`);
  if (!(await allPresent(dir))) {
    await buildInChild(dir).catch(() => buildBasemapFiles(dir));
    await removeOtherVersions(root, `v${version}`);
  }
  const entries = await Promise.all(
    DATA_NAMES.map(async (name) => {
      const [body, gzipped] = await Promise.all([
        readFile(path.join(dir, dataFileName(name, false))),
        readFile(path.join(dir, dataFileName(name, true))),
      ]);
      return [name, { body, gzipped }] as const;
    }),
  );
  return Object.fromEntries(entries) as BasemapData;
}
