import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PLACES_INDEX_FORMAT, type BuildReport } from './build-index.ts';
import { indexFileName } from './index-format.ts';
import { buildPlacesIndexInChild } from './build-in-child.ts';
import { searchFunctions, type IndexSearch } from './index-search.ts';
import { sourcesFingerprint } from './fingerprint.ts';
import { DEFAULT_LANDMARKS_DIR } from './sources.ts';

/**
 * The embedded places index: a read-only SQLite file in DATA_DIR, derived from open
 * data and the curated landmarks (docs/decisions/002-embedded-places-index.md).
 * Searches are prepared statements on the file; nothing is held in JS memory.
 */
export interface PlacesIndex extends IndexSearch {
  readonly file: string;
  /** The build this process did at open, or null when the file was already current. */
  readonly build: BuildReport | null;
  /** Whether OpenStreetMap extracts are loaded (the About page and map credit them). */
  hasExtracts(): boolean;
  close(): void;
}

export interface OpenPlacesIndexOptions {
  landmarksDir?: string;
  log?: (message: string) => void;
}

export function placesIndexPath(dataDir: string): string {
  return path.resolve(dataDir, indexFileName());
}

/** Opens the index in `dataDir`, building it first when missing or stale. */
export function openPlacesIndex(
  dataDir: string,
  options: OpenPlacesIndexOptions = {},
): PlacesIndex {
  const file = placesIndexPath(dataDir);
  const landmarksDir = options.landmarksDir ?? DEFAULT_LANDMARKS_DIR;
  const fingerprint = sourcesFingerprint(landmarksDir);
  let build: BuildReport | null = null;
  if (storedFingerprint(file) !== fingerprint) {
    const started = performance.now();
    build = buildPlacesIndexInChild({ file, landmarksDir, fingerprint });
    const wallMs = Math.round(performance.now() - started);
    (options.log ?? console.log)(
      `places index built in ${build.ms} ms (${build.cpuMs} ms of CPU, ${wallMs} ms with the ` +
        `builder's start): ` +
        `${build.areas} cities, regions and countries, ${build.pointsOfInterest} airports ` +
        `and landmarks (${build.landmarks} landmarks) → ${file}`,
    );
    removeLeftovers(dataDir);
  }
  let opened = openIndexFile(file);
  /**
   * `npm run places:load` replaces the file by a rename: a search that finds a new
   * file on disk (one stat, about a microsecond) switches to it, so a loaded extract
   * is found without a restart. The old handle stays valid until it is closed.
   */
  const current = () => {
    const stamp = fileStamp(file);
    if (stamp && stamp !== opened.stamp) {
      try {
        const next = openIndexFile(file);
        opened.db.close();
        opened = next;
      } catch {
        // mid-replacement or unreadable: keep answering from the file we have
      }
    }
    return opened;
  };
  return {
    file,
    build,
    searchCities: (query, limit) => current().search.searchCities(query, limit),
    searchPlaces: (query, near, limit) => current().search.searchPlaces(query, near, limit),
    getPlace: (id) => current().search.getPlace(id),
    hasExtracts: () => current().hasExtracts(),
    close: () => opened.db.close(),
  };
}

function openIndexFile(file: string) {
  const stamp = fileStamp(file);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  // 8 MB of page cache (the default is 2 MB) keeps the big cities' pages and the FTS
  // index's upper levels in memory: fewer reads per search, still small beside 150 MB.
  db.pragma('cache_size = -8000');
  // The file is never written once built (a load or rebuild writes a new file and renames
  // it over this one), so its shared lock is taken once and kept: each statement would
  // otherwise lock, look for a hot journal, reread the header and unlock. A place search
  // runs about a dozen; this makes it a third cheaper (decision 023, session 39).
  db.pragma('locking_mode = EXCLUSIVE');
  const anyExtract = db.prepare('SELECT 1 FROM extracts LIMIT 1').pluck();
  return {
    db,
    stamp,
    search: searchFunctions(db),
    hasExtracts: () => anyExtract.get() !== undefined,
  };
}

/** Changes whenever the file is replaced (a new inode) or rewritten. */
function fileStamp(file: string): string | null {
  const stat = statSync(file, { throwIfNoEntry: false, bigint: true });
  return stat ? `${stat.ino}:${stat.mtimeNs}:${stat.size}` : null;
}

/**
 * Files of earlier formats are dead weight once the current one exists, and so are
 * temporary files of builds killed midway (an hour is far longer than any build).
 */
function removeLeftovers(dataDir: string) {
  for (const name of readdirSync(dataDir)) {
    const file = path.join(dataDir, name);
    const version = /^places-index-v(\d+)\.sqlite$/.exec(name)?.[1];
    if (version && Number(version) < PLACES_INDEX_FORMAT) rmSync(file, { force: true });
    const stale = Date.now() - 3_600_000;
    if (
      /^places-index-v\d+\.sqlite\..+\.tmp$/.test(name) &&
      (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < stale
    ) {
      rmSync(file, { force: true });
    }
  }
}

function storedFingerprint(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare("SELECT value FROM meta WHERE key = 'fingerprint'").get() as
        { value: string } | undefined;
      return row?.value ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null; // unreadable or from an older format: rebuild it
  }
}
