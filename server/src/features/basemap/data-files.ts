import { spawn } from 'node:child_process';
import { access, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { nodeArgumentsFor } from '../../lib/module-beside.ts';
import { buildBasemapFiles, TILES_FILE } from './build-files.ts';
import type { Resolution } from './geodata.ts';
import type { StoredPaths, WorldLayer } from './picture/world.ts';

const BUILD_TIMEOUT_MS = 2 * 60_000;

/** Runs the build in a child process, so the server's event loop and heap stay out of it. */
function buildInChild(dir: string): Promise<void> {
  const cli = nodeArgumentsFor('./build-cli', import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cli, dir], {
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

async function present(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
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

/** A vector tile as protobuf, and its gzip. */
export interface StoredTile {
  body: Buffer;
  gzipped: Buffer;
}

/** The basemap file of one data version. */
export interface BasemapFile {
  /** undefined for a tile with nothing in it */
  tile(z: number, x: number, y: number): StoredTile | undefined;
  /** the projected land or borders for map pictures */
  paths(resolution: Resolution, layer: WorldLayer): StoredPaths;
  close(): void;
}

/**
 * The tiles (and the pictures' paths), cut once per data version into DATA_DIR/basemap/v{version}/ and read from
 * there on request (only SQLite's page cache stays in memory). Parsing TopoJSON and the
 * cities file and cutting ~3,100 tiles takes a few seconds of CPU and leaves tens of MB
 * behind, which a child process gives back to the system when it exits. Falls back to
 * building in-process if the child cannot start.
 */
export async function openBasemapFile(dataDir: string, version: string): Promise<BasemapFile> {
  const root = path.join(dataDir, 'basemap');
  const dir = path.join(root, `v${version}`);
  const file = path.join(dir, TILES_FILE);
  if (!(await present(file))) {
    await buildInChild(dir).catch(() => buildBasemapFiles(dir));
    await removeOtherVersions(root, `v${version}`);
  }
  const db = new Database(file, { readonly: true });
  const selectTile = db.prepare<[number, number, number], StoredTile>(
    'SELECT body, gzipped FROM tiles WHERE z = ? AND x = ? AND y = ?',
  );
  const selectPaths = db.prepare<[string, string], StoredPaths>(
    'SELECT coords, ends, boxes FROM paths WHERE resolution = ? AND layer = ?',
  );
  return {
    tile: (z, x, y) => selectTile.get(z, x, y),
    paths: (resolution, layer) => selectPaths.get(resolution, layer)!,
    close: () => db.close(),
  };
}
