import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { carryOverExtracts } from './extract-rows.ts';
import { cellToken } from './grid.ts';
import { buildIndexRows, type IndexRow } from './index-rows.ts';
import {
  EXTRACT_ROW_FORMATS,
  FIRST_EXTRACT_POS,
  indexFileName,
  PLACES_INDEX_FORMAT,
} from './index-format.ts';
import { searchKey } from './search-text.ts';
import { loadSources } from './sources.ts';

export { PLACES_INDEX_FORMAT } from './index-format.ts';

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE places (
    pos INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    alt_keys TEXT NOT NULL,
    codes TEXT NOT NULL,
    address TEXT NOT NULL,
    city TEXT NOT NULL,
    country TEXT NOT NULL,
    lat REAL NOT NULL,
    lng REAL NOT NULL,
    primary_type TEXT NOT NULL,
    website TEXT NOT NULL,
    summary TEXT NOT NULL,
    rank_population INTEGER NOT NULL,
    -- '|cafe|coffeehouse|': what people call its category, whole names between bars
    category_key TEXT NOT NULL,
    cell TEXT NOT NULL,
    -- an extract row: the iD preset it matched and the file it came from ('' built in)
    preset TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX places_by_name_key ON places (name_key);
  CREATE INDEX places_by_source ON places (source) WHERE source != '';
  CREATE VIRTUAL TABLE places_fts USING fts5 (
    name, alt, category, cell,
    content = '', contentless_delete = 1,
    tokenize = "unicode61 remove_diacritics 2", prefix = '1 2 3'
  );
  -- Rows of OpenStreetMap extracts: every word prefixed with the row's cells
  -- (extract-cells.ts), no prefix indexes. Only prefix and AND queries are made
  -- (detail = none); the words are folded already and hold only letters and digits,
  -- which the ascii tokenizer never splits.
  CREATE VIRTUAL TABLE extract_fts USING fts5 (
    words, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii'
  );
  -- One row per loaded extract file: what replaces its rows on a re-load, and what
  -- PLACES_EXTRACTS compares to skip a file already loaded.
  CREATE TABLE extracts (
    source TEXT PRIMARY KEY,
    file TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ms INTEGER NOT NULL,
    places INTEGER NOT NULL,
    loaded_at TEXT NOT NULL
  ) WITHOUT ROWID;
`;

export interface BuildReport {
  ms: number;
  /** CPU time of the build: what it costs on an idle machine, whatever the load */
  cpuMs: number;
  areas: number;
  pointsOfInterest: number;
  landmarks: number;
  /** rows of loaded OpenStreetMap extracts carried over from the previous file */
  extractPlaces: number;
}

/**
 * Writes the whole index into a private temporary file and renames it into place, so
 * a reader never sees half a file and two servers starting at once both end up with a
 * complete one (the later rename wins; an open file stays valid for whoever has it).
 */
export function buildPlacesIndexFile(
  file: string,
  options: { landmarksDir?: string; fingerprint: string },
): BuildReport {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    const { areas, pointsOfInterest } = buildIndexRows(loadSources(options.landmarksDir));
    let areaCount = 0;
    const db = new Database(temporary);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    // Carried-over extract rows (millions) go into the indexes in random order: a page
    // cache the size of those indexes keeps that from being a disk read per row.
    db.pragma('cache_size = -262144');
    db.exec(SCHEMA);
    db.transaction(() => {
      const write = rowWriter(db);
      for (const row of pointsOfInterest) write(row);
      for (const row of areas) {
        write(row);
        areaCount++;
      }
      const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      meta.run('format', String(PLACES_INDEX_FORMAT));
      meta.run('fingerprint', options.fingerprint);
      meta.run('first_area_pos', String(pointsOfInterest.length + 1));
      meta.run('first_extract_pos', String(FIRST_EXTRACT_POS));
      meta.run('built_at', new Date().toISOString());
    })();
    // A rebuild of the built-in rows keeps the extracts the deployer loaded, also
    // from the file of an earlier format beside it.
    const earlier = [...EXTRACT_ROW_FORMATS]
      .filter((format) => format < PLACES_INDEX_FORMAT)
      .sort((a, b) => b - a)
      .map((format) => path.join(path.dirname(file), indexFileName(format)));
    const carried = carryOverExtracts(db, [file, ...earlier]);
    // One merged FTS segment and planner statistics make every later query cheaper.
    db.exec(`INSERT INTO places_fts (places_fts) VALUES ('optimize');
      INSERT INTO extract_fts (extract_fts) VALUES ('optimize'); ANALYZE;`);
    db.pragma('journal_mode = DELETE');
    db.close();
    renameSync(temporary, file);
    return {
      ms: Math.round(performance.now() - started),
      cpuMs: Math.round(cpuMs(process.cpuUsage(cpuStart))),
      areas: areaCount,
      pointsOfInterest: pointsOfInterest.length,
      landmarks: pointsOfInterest.filter((r) => r.kind === 'landmark').length,
      extractPlaces: carried,
    };
  } finally {
    rmSync(temporary, { force: true });
  }
}

function rowWriter(db: Database.Database): (row: IndexRow) => void {
  const insertPlace = db.prepare(`
    INSERT INTO places (pos, id, kind, name, name_key, alt_keys, codes, address, city,
      country, lat, lng, primary_type, website, summary, rank_population, category_key, cell)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertText = db.prepare(
    'INSERT INTO places_fts (rowid, name, alt, category, cell) VALUES (?, ?, ?, ?, ?)',
  );
  let pos = 0;
  return (row) => {
    pos++;
    const nameKey = searchKey(row.name);
    // Countries and regions get no cell: they are areas to search in, not places
    // found near a point.
    const isArea = row.kind === 'country' || row.kind === 'region';
    const cell = isArea ? '' : cellToken(row.lat, row.lng);
    const categoryKey = searchKey(row.category);
    const altKeys = [...new Set(row.altNames.map(searchKey))].filter((k) => k && k !== nameKey);
    const codes = row.codes.map(searchKey).filter(Boolean);
    insertPlace.run(
      pos,
      row.id,
      row.kind,
      row.name,
      nameKey,
      // '|nyc|new york|': whole-name equality is a substring test on this.
      `|${altKeys.join('|')}|`,
      `|${codes.join('|')}|`,
      row.address,
      row.city,
      row.country,
      row.lat,
      row.lng,
      row.primaryType,
      row.website,
      row.summary,
      row.rankPopulation,
      `|${categoryKey}|`,
      cell,
    );
    insertText.run(pos, nameKey, [...altKeys, ...codes].join(' '), categoryKey, cell);
  };
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
